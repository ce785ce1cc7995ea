package concierge

import (
	"strings"
	"unicode"
)

// The concierge's text handling: one normal form for questions, catalogue text, synonyms and
// corrections, so English, Spanish and French words meet whatever accents or plurals they
// were typed with. Normalizing is: lower case, accents folded (é -> e, ñ -> n, ç -> c),
// letters and digits kept, a trailing plural "s" dropped from words longer than three letters.

var fold = strings.NewReplacer(
	"á", "a", "à", "a", "â", "a", "ä", "a", "ã", "a",
	"é", "e", "è", "e", "ê", "e", "ë", "e",
	"í", "i", "ì", "i", "î", "i", "ï", "i",
	"ó", "o", "ò", "o", "ô", "o", "ö", "o", "õ", "o",
	"ú", "u", "ù", "u", "û", "u", "ü", "u",
	"ñ", "n", "ç", "c", "œ", "oe", "æ", "ae", "’", "'",
)

// words splits text into normalized words (stop words kept).
func words(text string) []string {
	t := fold.Replace(strings.ToLower(text))
	raw := strings.FieldsFunc(t, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	out := make([]string, 0, len(raw))
	for _, w := range raw {
		out = append(out, stem(w))
	}
	return out
}

// stem drops a plural "s" (not "ss") from words longer than three letters.
func stem(w string) string {
	if len(w) > 3 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") {
		return w[:len(w)-1]
	}
	return w
}

// terms are the words of text that carry meaning: stop words of the three languages and
// words shorter than two letters dropped (03§5: search ignores very short terms; "ce" and
// "ai" are kept as the synonym table needs them).
func terms(text string) []string {
	var out []string
	for _, w := range words(text) {
		if len(w) < 2 || stopWords[w] {
			continue
		}
		out = append(out, w)
	}
	return out
}

// phrase is text normalized into one space-separated string with spaces at both ends, so a
// synonym matches whole words only: strings.Contains(phrase(q), phrase(syn)).
func phrase(text string) string {
	return " " + strings.Join(words(text), " ") + " "
}

var stopWords = setOf(
	// English
	"a", "an", "the", "and", "or", "for", "to", "of", "in", "on", "at", "by", "with", "from", "is", "are", "was",
	"be", "it", "its", "my", "me", "we", "our", "you", "your", "what", "which", "who", "how", "why", "when",
	"where", "do", "doe", "does", "did", "can", "could", "should", "would", "will", "need", "want", "help", "best",
	"good", "any", "some", "that", "this", "there", "these", "those", "i", "im", "ive", "get", "have", "has",
	"about", "recommend", "recommendation", "suggest", "looking", "find", "show", "tell", "please", "thank",
	"thanks", "like", "work", "working", "use", "than", "more", "most", "much", "many", "just", "also", "so",
	"because", "if", "but", "not", "no", "yes", "one", "agent", "agents", "realtor", "real", "estate", "as", "am",
	"u", "us", "them", "they", "their", "into", "out", "up", "too", "very", "really", "who", "whom",
	// Spanish
	"el", "la", "lo", "lo", "un", "una", "uno", "y", "o", "para", "por", "de", "del", "en", "con", "que", "es",
	"son", "mi", "mis", "me", "necesito", "quiero", "busco", "cual", "cuale", "como", "donde", "cuando", "mejor",
	"ayuda", "ayudar", "puede", "puedo", "hay", "al", "se", "su", "sus", "tu", "te", "yo", "pierdo", "agente",
	"inmobiliario", "inmobiliaria", "bienes", "raice", "recomienda", "recomendacion", "algun", "alguna", "esta",
	"este", "estos", "porque", "muy", "mas", "sin", "sobre", "tengo", "hacer", "funciona", "servicio",
	// French
	"le", "les", "une", "des", "du", "et", "ou", "pour", "par", "dans", "avec", "que", "qui", "est", "sont",
	"mon", "ma", "mes", "je", "j", "moi", "besoin", "veux", "cherche", "quel", "quelle", "quels", "quelles",
	"comment", "ou", "quand", "meilleur", "meilleure", "aide", "aider", "peut", "peux", "il", "y", "a", "au",
	"aux", "se", "sa", "son", "ses", "tu", "vous", "votre", "vos", "nous", "notre", "agent", "immobilier",
	"immobiliere", "recommande", "recommandation", "un", "ce", "cet", "cette", "parce", "tres", "plus", "sans",
	"sur", "ai", "fonctionne", "d", "l", "qu", "n", "ne", "pa", "faire", "perd", "perds",
)

func setOf(ws ...string) map[string]bool {
	m := make(map[string]bool, len(ws))
	for _, w := range ws {
		m[stem(w)] = true
	}
	return m
}

// Language markers: words that only (or mostly) occur in one language.
var (
	spanishMarkers = setOf("necesito", "quiero", "busco", "cual", "cuales", "como", "para", "mejor", "ayuda",
		"los", "las", "una", "del", "por", "que", "donde", "tengo", "mis", "servicio", "clientes", "hay", "puedo",
		"pierdo", "prospectos", "lento", "letreros", "hipoteca", "contabilidad", "recomienda", "escuela", "licencia")
	frenchMarkers = setOf("besoin", "je", "veux", "cherche", "quel", "quelle", "pour", "meilleur", "aide",
		"les", "des", "une", "avec", "dans", "est", "mon", "mes", "vous", "comment", "j'ai", "ai", "perds",
		"prospects", "lentement", "panneaux", "pret", "comptabilite", "recommandez", "ecole", "licence", "quoi")
)

// detectLanguage guesses the question's language (en, es or fr) from marker words and
// letters; fallback when nothing marks it.
func detectLanguage(text, fallback string) string {
	low := strings.ToLower(text)
	es, fr := 0, 0
	if strings.ContainsAny(low, "ñ¿¡") {
		es += 2
	}
	if strings.ContainsAny(low, "çèêàùœ") {
		fr += 2
	}
	for _, w := range words(text) {
		if spanishMarkers[w] {
			es++
		}
		if frenchMarkers[w] {
			fr++
		}
	}
	switch {
	case es == 0 && fr == 0:
		if fallback == "es" || fallback == "fr" {
			return fallback
		}
		return "en"
	case es > fr:
		return "es"
	case fr > es:
		return "fr"
	}
	return "en"
}
