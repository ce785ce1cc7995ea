package concierge

import (
	"fmt"
	"math"
	"net/url"
	"sort"
	"strings"

	"circle/internal/lang"
	"circle/internal/marketplace"
	"circle/internal/pricing"
	"circle/internal/quote"
)

// The built-in advisor: retrieval and ranking (retrieve), then the answer (compose).

// MaxCited is how many services an answer cites at most.
const MaxCited = 3

type ranked struct {
	d         *doc
	intent    float64
	text      float64
	hits      int
	relevance float64
	score     float64
}

// retrieval is what the advisor found for a question.
type retrieval struct {
	lang       string
	intents    []*intent
	cited      []ranked
	pool       []ranked // the best few, the context a model may cite from
	answerable bool
	correction *Feedback
}

// retrieve finds the services that answer question, ranked, and whether the evidence is
// enough to answer. corrections are admins' corrections, newest first: the first whose
// question is near this one steers the answer.
func retrieve(ix *index, question, fallbackLang string, corrections []Feedback) retrieval {
	r := retrieval{lang: detectLanguage(question, fallbackLang)}
	q := phrase(question)
	matched := matchIntents(q)
	for it := range matched {
		r.intents = append(r.intents, it)
	}
	sort.Slice(r.intents, func(i, j int) bool {
		a, b := r.intents[i], r.intents[j]
		if matched[a] != matched[b] {
			return matched[a] > matched[b]
		}
		return a.Key < b.Key
	})
	qterms := uniq(terms(question))
	outside := false
	for _, w := range qterms {
		if outsideTerms[w] {
			outside = true
		}
	}
	r.correction = nearCorrection(question, corrections)
	var boost map[string]bool
	if r.correction != nil {
		boost = mentioned(ix, r.correction.Correction)
	}
	var all []ranked
	for _, d := range ix.docs {
		rk := ranked{d: d}
		// The strongest intent (the longest synonym matched) counts in full, the others half.
		for k, it := range r.intents {
			weight := 1.0
			if k > 0 && matched[it] < matched[r.intents[0]] {
				weight = 0.5
			}
			switch {
			case contains(it.Categories, d.category):
				rk.intent += weight * (10 + 2*float64(matched[it]))
			case anyTag(d.tags, it.Tags):
				rk.intent += weight * 3
			}
		}
		for _, w := range qterms {
			switch {
			case d.title[w]:
				rk.text += 3 * ix.idf(w)
			case d.catWords[w]:
				rk.text += 2 * ix.idf(w)
			case d.desc[w]:
				rk.text += ix.idf(w)
			default:
				continue
			}
			rk.hits++
		}
		rk.relevance = rk.intent + rk.text
		if boost[d.svc.ID] {
			rk.relevance += 100
		}
		if rk.relevance <= 0 {
			continue
		}
		rk.score = rk.relevance + quality(d)
		all = append(all, rk)
	}
	sort.Slice(all, func(i, j int) bool {
		if all[i].score != all[j].score {
			return all[i].score > all[j].score
		}
		return all[i].d.svc.ID < all[j].d.svc.ID
	})
	switch {
	case r.correction != nil:
		r.answerable = true
	case len(matched) > 0:
		r.answerable = len(all) > 0
	case outside || len(qterms) == 0 || len(all) == 0:
		r.answerable = false
	default:
		// No intent: answer only when the best service covers most of the question's words,
		// one of them in its title or category, with enough weight.
		best := all[0]
		titled := false
		for _, w := range qterms {
			if best.d.title[w] || best.d.catWords[w] {
				titled = true
			}
		}
		r.answerable = titled && best.text >= 6 && float64(best.hits) >= 0.6*float64(len(qterms))
	}
	if !r.answerable {
		return r
	}
	for i, rk := range all {
		if i >= 8 {
			break
		}
		r.pool = append(r.pool, rk)
		if len(r.cited) < MaxCited && rk.relevance >= 0.5*all[0].relevance {
			r.cited = append(r.cited, rk)
		}
	}
	return r
}

// quality weighs what other agents say of a service: the average rating, the verified
// reviews, co-pay (the agent may pay less) and the curators' picks.
func quality(d *doc) float64 {
	q := 0.0
	if d.rating.N > 0 {
		q += 0.6 * float64(d.rating.Sum) / float64(d.rating.N)
	}
	q += 0.8 * math.Log1p(float64(d.verified))
	if d.svc.CopayAllowed {
		q += 0.6
	}
	if d.svc.IsFeatured || d.svc.IsTopPick {
		q += 0.3
	}
	return q
}

// nearCorrection is the newest correction whose question shares at least 60% of its words
// with question (Jaccard similarity of the meaningful words).
func nearCorrection(question string, corrections []Feedback) *Feedback {
	a := uniq(terms(question))
	if len(a) == 0 {
		return nil
	}
	for i := range corrections {
		b := uniq(terms(corrections[i].Question))
		if jaccard(a, b) >= 0.6 {
			return &corrections[i]
		}
	}
	return nil
}

func jaccard(a, b []string) float64 {
	if len(a) == 0 || len(b) == 0 {
		return 0
	}
	set := map[string]bool{}
	for _, w := range a {
		set[w] = true
	}
	inter := 0
	for _, w := range b {
		if set[w] {
			inter++
		}
	}
	return float64(inter) / float64(len(a)+len(b)-inter)
}

// mentioned are the services a correction names: by id, or by every meaningful word of a
// title (in any language).
func mentioned(ix *index, text string) map[string]bool {
	out := map[string]bool{}
	low := strings.ToLower(text)
	ws := map[string]bool{}
	for _, w := range terms(text) {
		ws[w] = true
	}
	for _, d := range ix.docs {
		if strings.Contains(low, strings.ToLower(d.svc.ID)) {
			out[d.svc.ID] = true
			continue
		}
		for _, title := range []string{d.svc.Title, d.svc.TitleEs, d.svc.TitleFr} {
			tw := uniq(terms(title))
			if len(tw) == 0 {
				continue
			}
			all := true
			for _, w := range tw {
				if !ws[w] {
					all = false
					break
				}
			}
			if all {
				out[d.svc.ID] = true
			}
		}
	}
	return out
}

func uniq(ws []string) []string {
	seen := map[string]bool{}
	out := ws[:0:0]
	for _, w := range ws {
		if !seen[w] {
			seen[w] = true
			out = append(out, w)
		}
	}
	return out
}

func contains(list []string, v string) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}

func anyTag(have map[string]bool, want []string) bool {
	for _, t := range want {
		if have[t] {
			return true
		}
	}
	return false
}

// Pricing is what an answer's prices depend on: the viewer and the exchange rate.
type Pricing struct {
	Viewer quote.Viewer
	Config quote.Config
}

// priceOf is the service's price for the viewer, from the one quote: the viewer's headline
// price with its unit, or a consultation first.
func priceOf(d *doc, p Pricing, l string) string {
	q := quote.Of(quote.ServiceOf(d.svc, d.vendor), quote.Self(d.svc), p.Viewer, p.Config)
	if q.NeedsQuote || q.HeadlineCents == nil {
		return [3]string{"price after a consultation", "precio tras una consulta", "prix après consultation"}[langIndex(l)]
	}
	conv := pricing.Converter{Currency: q.Currency, RateE4: q.RateE4, Lang: l}
	s := pricing.Display(conv.Convert(*q.HeadlineCents), q.Currency, l) + marketplace.PriceSuffix(d.svc.PriceDuration, false)
	if c, ok := q.CoPayCents(false); ok && p.Viewer.Pro {
		s += [3]string{", co-pay ", ", copago ", ", copaiement "}[langIndex(l)] + pricing.Display(conv.Convert(c), q.Currency, l)
	}
	return s
}

func titleOf(d *doc, l string) string { return lang.Pick(l, d.svc.Title, d.svc.TitleEs, d.svc.TitleFr) }

// ServiceURL is where the web app opens a service's details (02§: ?service={id}&view=details).
func ServiceURL(id string) string {
	return "/marketplace?service=" + url.QueryEscape(id) + "&view=details"
}

// BookingURL is the consultations booking (Book Human Advisor opens it without a service).
const BookingURL = "/book-meeting"

func guideURL(g *guide) string {
	if g.Query == "" {
		return "/marketplace"
	}
	return "/marketplace?q=" + url.QueryEscape(g.Query)
}

// trustOf counts the agents behind the cited services.
func trustOf(cited []*doc) Trust {
	t := Trust{}
	peers := map[string]bool{}
	buyers := map[string]bool{}
	for _, d := range cited {
		t.Reviews += int(d.rating.N)
		t.VerifiedReviews += d.verified
		for u := range d.reviewers {
			peers[u] = true
		}
		for u := range d.buyers {
			peers[u] = true
			buyers[u] = true
		}
	}
	t.Peers, t.Purchases = len(peers), len(buyers)
	switch {
	case t.Peers >= 10:
		t.Level = "high"
	case t.Peers >= 3:
		t.Level = "medium"
	case t.Peers >= 1:
		t.Level = "low"
	default:
		t.Level = "none"
	}
	return t
}

// suggestions are the empty chat's four suggestions (03§2), offered again after a handoff.
var suggestions = [3][]string{
	{"I need a CRM recommendation", "Best yard sign vendors?", "Help me build a listing presentation", "What's working for lead generation?"},
	{"Necesito una recomendación de CRM", "¿Los mejores proveedores de letreros?", "Ayúdeme a preparar una presentación de listado", "¿Qué funciona para generar prospectos?"},
	{"J'ai besoin d'une recommandation de CRM", "Les meilleurs fournisseurs de panneaux ?", "Aidez-moi à préparer une présentation d'annonce", "Qu'est-ce qui marche pour générer des prospects ?"},
}

// handoffReply is the answer when Circle's data is not enough.
func handoffReply(l string) Reply {
	i := langIndex(l)
	return Reply{
		Message: [3]string{
			"I don't have enough from Circle's services and reviews to answer that well, and I'd rather not guess. A human advisor can help you: book a free call.",
			"No tengo suficientes datos de los servicios y reseñas de Circle para responder bien, y prefiero no adivinar. Un asesor humano puede ayudarle: reserve una llamada gratuita.",
			"Je n'ai pas assez d'éléments dans les services et avis de Circle pour bien répondre, et je préfère ne pas deviner. Un conseiller humain peut vous aider : réservez un appel gratuit.",
		}[i],
		Trust:        Trust{Level: "none"},
		Citations:    []Citation{},
		Actions:      []Action{{Action: "book_human_advisor", Label: humanLabel[i], Params: map[string]string{"booking_url": BookingURL}}},
		QuickReplies: append([]string(nil), suggestions[i][:3]...),
		Handoff:      true,
		Source:       "builtin",
		Lang:         l,
	}
}

var humanLabel = [3]string{"Book Human Advisor", "Reservar asesor humano", "Réserver un conseiller humain"}

// compose writes the built-in answer for a retrieval.
func compose(r retrieval, p Pricing) Reply {
	l := r.lang
	i := langIndex(l)
	if !r.answerable {
		return handoffReply(l)
	}
	var b strings.Builder
	if r.correction != nil {
		b.WriteString([3]string{"A Circle advisor notes: ", "Un asesor de Circle indica: ", "Un conseiller Circle précise : "}[i])
		b.WriteString(strings.TrimSpace(r.correction.Correction))
		b.WriteString(" ")
	}
	cites := []Citation{}
	var docs []*doc
	if len(r.cited) > 0 {
		label := ""
		if len(r.intents) > 0 {
			label = intentLabels[r.intents[0].Key][i]
		}
		if label == "" {
			label = r.cited[0].d.category
		}
		names := make([]string, len(r.cited))
		for k, rk := range r.cited {
			names[k] = fmt.Sprintf("%s (%s)", titleOf(rk.d, l), priceOf(rk.d, p, l))
			docs = append(docs, rk.d)
			cites = append(cites, Citation{Kind: "service", ID: rk.d.svc.ID, Title: titleOf(rk.d, l), URL: ServiceURL(rk.d.svc.ID)})
		}
		b.WriteString(fmt.Sprintf([3]string{"For %s, agents on Circle use %s.", "Para %s, los agentes de Circle usan %s.", "Pour %s, les agents de Circle utilisent %s."}[i],
			label, joinList(names, l)))
		top := r.cited[0].d
		b.WriteString(" ")
		b.WriteString(ratingLine(top, l))
		if top.svc.CopayAllowed {
			b.WriteString(" ")
			b.WriteString(fmt.Sprintf([3]string{"Co-pay with a partner is available on %s.", "Hay copago con un socio disponible en %s.", "Un copaiement avec un partenaire est possible pour %s."}[i], titleOf(top, l)))
		}
		if len(top.reviews) > 0 {
			rv := top.reviews[0]
			cites = append(cites, Citation{Kind: "review", ID: rv.ID, Title: excerpt(rv.Text, 90), URL: ServiceURL(top.svc.ID)})
		}
	}
	if g := guideFor(r.intents); g != nil {
		b.WriteString(" ")
		b.WriteString([3]string{"Tip: ", "Consejo: ", "Conseil : "}[i])
		b.WriteString(g.Tip[i])
		cites = append(cites, Citation{Kind: "guide", ID: g.ID, Title: g.Title[i], URL: guideURL(g)})
	}
	reply := Reply{Message: strings.TrimSpace(b.String()), Trust: trustOf(docs), Citations: cites, Actions: actionsFor(r.cited, p, l),
		QuickReplies: quickReplies(r.intents, l), Source: "builtin", Lang: l}
	return reply
}

func ratingLine(d *doc, l string) string {
	i := langIndex(l)
	title := titleOf(d, l)
	if d.rating.N == 0 {
		return fmt.Sprintf([3]string{"%s has no reviews yet.", "%s aún no tiene reseñas.", "%s n'a pas encore d'avis."}[i], title)
	}
	avg := marketplace.RatingSum(d.rating).Rating(d.svc.ID).AverageRating
	score := fmt.Sprintf("%.1f", avg)
	if l == "fr" {
		score = strings.Replace(score, ".", ",", 1)
	}
	if d.rating.N == 1 {
		return fmt.Sprintf([3]string{"%s is rated %s/5 from 1 review (%d verified).", "%s tiene %s/5 en 1 reseña (%d verificada).",
			"%s est noté %s/5 sur 1 avis (%d vérifié)."}[i], title, score, d.verified)
	}
	return fmt.Sprintf([3]string{"%s is rated %s/5 from %d reviews (%d verified).", "%s tiene %s/5 en %d reseñas (%d verificadas).",
		"%s est noté %s/5 sur %d avis (%d vérifiés)."}[i], title, score, d.rating.N, d.verified)
}

func joinList(items []string, l string) string {
	and := [3]string{" and ", " y ", " et "}[langIndex(l)]
	switch len(items) {
	case 0:
		return ""
	case 1:
		return items[0]
	}
	return strings.Join(items[:len(items)-1], ", ") + and + items[len(items)-1]
}

func excerpt(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return strings.TrimSpace(string(r[:n])) + "…"
}

func guideFor(its []*intent) *guide {
	for _, it := range its {
		if it.Topic != "" {
			return guideByID(it.Topic)
		}
	}
	return nil
}

// actionsFor offers to open the first cited service, add it to the cart when it can be bought
// online, and book a consultation with its vendor.
func actionsFor(cited []ranked, p Pricing, l string) []Action {
	i := langIndex(l)
	out := []Action{}
	if len(cited) == 0 {
		return append(out, Action{Action: "book_human_advisor", Label: humanLabel[i], Params: map[string]string{"booking_url": BookingURL}})
	}
	d := cited[0].d
	id := d.svc.ID
	out = append(out, Action{Action: "open_service", Label: fmt.Sprintf([3]string{"Open %s", "Abrir %s", "Ouvrir %s"}[i], titleOf(d, l)),
		Params: map[string]string{"service_id": id, "url": ServiceURL(id)}})
	q := quote.Of(quote.ServiceOf(d.svc, d.vendor), quote.Self(d.svc), p.Viewer, p.Config)
	if !q.NeedsQuote && d.svc.DirectPurchaseEnabled {
		out = append(out, Action{Action: "add_to_cart", Label: [3]string{"Add to cart", "Añadir al carrito", "Ajouter au panier"}[i],
			Params: map[string]string{"service_id": id, "service_title": titleOf(d, l)}})
	}
	out = append(out, Action{Action: "book", Label: [3]string{"Book a consultation", "Reservar una consulta", "Réserver une consultation"}[i],
		Params: map[string]string{"service_id": id, "booking_url": BookingURL + "?service=" + url.QueryEscape(id)}})
	return out
}

// quickReplies are follow-ups on the intents related to the question's.
func quickReplies(its []*intent, l string) []string {
	i := langIndex(l)
	out := []string{}
	seen := map[string]bool{}
	for _, it := range its {
		seen[it.Key] = true
	}
	for _, it := range its {
		for _, k := range it.Related {
			if seen[k] || len(out) >= 3 {
				continue
			}
			seen[k] = true
			if lbl, ok := intentLabels[k]; ok {
				out = append(out, helpWith(l, lbl[i]))
			}
		}
	}
	if len(out) == 0 {
		out = append(out, suggestions[i][:2]...)
	}
	return out
}
