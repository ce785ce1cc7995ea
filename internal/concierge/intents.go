package concierge

import "strings"

// An intent is one need an agent asks about, recognised by its synonyms in English, Spanish
// and French, and answered from the catalogue categories (services.category) and category tags
// (service_tags "cat:...") that meet it. Topic names the advice landing's topic whose curated
// guide goes with the answer (guides.go), "" for none.
type intent struct {
	Key        string
	Topic      string
	Categories []string
	Tags       []string
	// Synonyms are phrases in any of the three languages; matched as whole normalized words.
	Synonyms []string
	// Related are intents whose sample questions the answer offers as quick replies.
	Related []string
}

// intents is the synonym and intent table (docs/areas/concierge.md). Order does not matter:
// every intent whose synonyms appear in a question counts.
var intents = []intent{
	{Key: "crm", Topic: "crm", Categories: []string{"CRM"}, Tags: []string{"crms"},
		Synonyms: []string{"crm", "customer relationship", "contact management", "database", "pipeline", "follow up", "follow-up", "drip",
			"gestion de clientes", "seguimiento", "base de datos", "gestion de la relation client", "suivi", "relance", "fichier client"},
		Related: []string{"speed_to_lead", "lead_gen"}},
	{Key: "speed_to_lead", Topic: "lead-generation", Categories: []string{"CRM", "Virtual Assistants"}, Tags: []string{"virtual-assistants-dialers"},
		Synonyms: []string{"too slow", "slowly", "respond faster", "answer faster", "response time", "speed to lead", "missed call", "miss call",
			"answer too", "reply faster", "contesto tarde", "respondo tarde", "muy lento", "lento", "responder mas rapido", "llamadas perdidas",
			"trop lent", "lentement", "repondre plus vite", "appels manques", "reponds trop"},
		Related: []string{"crm", "isa_va"}},
	{Key: "lead_gen", Topic: "lead-generation", Categories: []string{"Lead Generation"}, Tags: []string{"ads-lead-gen"},
		Synonyms: []string{"lead", "leads", "lead generation", "prospect", "prospecting", "facebook", "instagram", "ads", "advertising", "new clients",
			"more clients", "generacion de prospectos", "prospectos", "clientes potenciales", "anuncios", "publicidad", "mas clientes",
			"generation de leads", "generation de prospects", "prospects", "publicite", "publicites", "nouveaux clients", "plus de clients"},
		Related: []string{"crm", "seo"}},
	{Key: "marketing", Topic: "marketing-tools", Categories: []string{"Print Marketing", "Branding", "Video Marketing", "Lead Generation", "SEO"},
		Synonyms: []string{"marketing", "marketing tool", "promote", "promotion", "mercadeo", "herramientas de marketing", "outils marketing", "promouvoir"},
		Related:  []string{"print", "video"}},
	{Key: "print", Topic: "marketing-tools", Categories: []string{"Print Marketing"}, Tags: []string{"print-mail"},
		Synonyms: []string{"postcard", "mailer", "direct mail", "farming", "farm", "flyer", "door hanger", "just listed", "just sold",
			"postal", "postales", "correo directo", "volante", "volantes", "carte postale", "publipostage", "prospectus", "depliant", "flyers"},
		Related: []string{"branding", "lead_gen"}},
	{Key: "presentation", Topic: "marketing-tools", Categories: []string{"Presentations"}, Tags: []string{"presentations"},
		Synonyms: []string{"listing presentation", "presentation", "listing appointment", "pitch", "presentacion", "presentacion de listado", "presentation d annonce"},
		Related:  []string{"market_data", "branding"}},
	{Key: "branding", Topic: "marketing-tools", Categories: []string{"Branding"},
		Synonyms: []string{"brand", "branding", "logo", "personal brand", "marca", "logotipo", "marque", "image de marque"},
		Related:  []string{"print", "website"}},
	{Key: "market_data", Categories: []string{"Data & Analytics"}, Tags: []string{"data-analytics"},
		Synonyms: []string{"market report", "cma", "comparative market", "market data", "analytics", "market stats", "valuation",
			"informe de mercado", "analisis comparativo", "datos de mercado", "rapport de marche", "analyse comparative", "donnees du marche"},
		Related: []string{"presentation"}},
	{Key: "website", Categories: []string{"Websites / IDX"}, Tags: []string{"website"},
		Synonyms: []string{"website", "web site", "idx", "landing page", "sitio web", "pagina web", "site web", "site internet"},
		Related:  []string{"seo"}},
	{Key: "seo", Topic: "marketing-tools", Categories: []string{"SEO"}, Tags: []string{"seo"},
		Synonyms: []string{"seo", "search engine", "google business", "google ranking", "rank on google", "posicionamiento", "referencement"},
		Related:  []string{"website"}},
	{Key: "isa_va", Categories: []string{"Virtual Assistants"}, Tags: []string{"virtual-assistants-dialers"},
		Synonyms: []string{"virtual assistant", "assistant", "isa", "inside sales", "calling team", "asistente virtual", "asistente", "assistant virtuel", "assistante"},
		Related:  []string{"dialer", "transaction"}},
	{Key: "dialer", Categories: []string{"Dialers"}, Tags: []string{"virtual-assistants-dialers"},
		Synonyms: []string{"dialer", "power dialer", "cold call", "cold calling", "marcador", "llamadas en frio", "numeroteur", "appels a froid"},
		Related:  []string{"isa_va"}},
	{Key: "transaction", Categories: []string{"Transaction Coordination"}, Tags: []string{"transaction-coordinator"},
		Synonyms: []string{"transaction coordinator", "transaction coordination", "contract to close", "paperwork", "mls entry", "listing coordination",
			"coordinador de transacciones", "papeleo", "coordinateur de transaction", "coordination de transaction", "paperasse"},
		Related: []string{"compliance", "title"}},
	{Key: "compliance", Categories: []string{"Compliance", "Legal"}, Tags: []string{"insurance-compliance"},
		Synonyms: []string{"compliance", "audit", "broker file", "cumplimiento", "auditoria", "conformite"},
		Related:  []string{"legal"}},
	{Key: "mortgage", Categories: []string{"Mortgage"}, Tags: []string{"finance-ops"},
		Synonyms: []string{"mortgage", "lender", "loan", "pre-approval", "preapproval", "pre approval", "financing", "self-employed buyer",
			"hipoteca", "prestamo", "prestamista", "preaprobacion", "financiamiento", "hypotheque", "pret", "preteur", "preapprobation", "financement"},
		Related: []string{"title"}},
	{Key: "title", Categories: []string{"Title & Escrow"},
		Synonyms: []string{"title", "escrow", "title insurance", "signing", "notary", "closing", "titulo", "seguro de titulo", "cierre", "notario",
			"titre", "assurance titre", "sequestre", "notaire", "signature"},
		Related: []string{"mortgage", "legal"}},
	{Key: "legal", Categories: []string{"Legal"},
		Synonyms: []string{"attorney", "lawyer", "contract review", "legal", "agreement", "abogado", "revision de contrato", "contrato", "avocat", "juridique", "contrat"},
		Related:  []string{"compliance"}},
	{Key: "coaching", Topic: "coaching", Categories: []string{"Coaching"}, Tags: []string{"coaching"},
		Synonyms: []string{"coach", "coaching", "mentor", "business plan", "accountability", "grow my business", "entrenador", "mentoria",
			"plan de negocio", "accompagnement", "plan d affaires"},
		Related: []string{"wellness", "schools"}},
	{Key: "schools", Topic: "real-estate-schools", Categories: []string{"Continuing Education"}, Tags: []string{"ce-licensing"},
		Synonyms: []string{"school", "real estate school", "course", "class", "pre-licensing", "prelicense", "pre licensing", "escuela", "curso",
			"escuela de bienes raices", "ecole", "cours", "ecole immobiliere"},
		Related: []string{"licensing"}},
	{Key: "licensing", Topic: "licensing", Categories: []string{"Continuing Education"}, Tags: []string{"ce-licensing"},
		Synonyms: []string{"license", "licence", "licensing", "continuing education", "ce credit", "ce hours", "renewal", "renew", "fair housing",
			"licencia", "educacion continua", "renovar", "renovacion de licencia", "permis", "formation continue", "renouvellement", "renouveler"},
		Related: []string{"schools"}},
	{Key: "accounting", Categories: []string{"Accounting", "Finance"},
		Synonyms: []string{"bookkeeping", "bookkeeper", "accounting", "tax", "taxes", "accountant", "commission advance", "contabilidad", "impuesto",
			"contador", "comptabilite", "impot", "comptable", "avance sur commission"},
		Related: []string{"health"}},
	{Key: "signage", Categories: []string{"Signage"}, Tags: []string{"signage-branding"},
		Synonyms: []string{"sign", "yard sign", "rider", "sign post", "letrero", "senalizacion", "rotulo", "panneau", "pancarte", "enseigne"},
		Related:  []string{"open_house", "print"}},
	{Key: "video", Topic: "marketing-tools", Categories: []string{"Video Marketing"}, Tags: []string{"video-media"},
		Synonyms: []string{"video", "reel", "youtube", "tiktok", "videos"},
		Related:  []string{"photo"}},
	{Key: "photo", Categories: []string{"Photography"}, Tags: []string{"photography"},
		Synonyms: []string{"photo", "photography", "photographer", "drone", "aerial", "picture", "fotografia", "foto", "fotografo", "dron",
			"photographie", "photographe"},
		Related: []string{"video", "virtual_tour"}},
	{Key: "virtual_tour", Categories: []string{"Virtual Tours"},
		Synonyms: []string{"3d tour", "virtual tour", "floor plan", "matterport", "recorrido virtual", "plano", "visite virtuelle", "plan d etage"},
		Related:  []string{"photo"}},
	{Key: "lockbox", Categories: []string{"Lockboxes"}, Tags: []string{"lockboxes"},
		Synonyms: []string{"lockbox", "lock box", "key box", "caja de llave", "caja de seguridad", "boite a cle", "boite a clef"},
		Related:  []string{"signage"}},
	{Key: "inspection", Categories: []string{"Home Inspection"},
		Synonyms: []string{"inspection", "inspector", "radon", "sewer", "inspeccion", "inspecteur"},
		Related:  []string{"repairs"}},
	{Key: "staging", Categories: []string{"Staging"},
		Synonyms: []string{"staging", "stage", "stager", "furniture", "home staging", "decoracion", "amueblar", "mise en valeur", "decoration"},
		Related:  []string{"photo"}},
	{Key: "virtual_staging", Categories: []string{"AI Tools"},
		Synonyms: []string{"virtual staging", "home staging virtual", "staging virtuel"},
		Related:  []string{"staging"}},
	{Key: "moving", Categories: []string{"Moving"},
		Synonyms: []string{"moving", "mover", "move", "storage", "mudanza", "demenagement", "demenager"},
		Related:  []string{"gifting"}},
	{Key: "warranty", Categories: []string{"Home Warranty"},
		Synonyms: []string{"home warranty", "warranty", "garantia", "garantie"},
		Related:  []string{"inspection"}},
	{Key: "repairs", Categories: []string{"Renovation", "Repairs", "Cleaning"},
		Synonyms: []string{"renovation", "repair", "handyman", "punch list", "cleaning", "clean", "fix up", "renovacion", "reparacion", "limpieza",
			"reparation", "nettoyage", "travaux"},
		Related: []string{"inspection", "staging"}},
	{Key: "health", Categories: []string{"Health Insurance"},
		Synonyms: []string{"health insurance", "dental", "vision", "disability", "hsa", "medical", "seguro medico", "seguro de salud",
			"assurance maladie", "assurance sante", "mutuelle"},
		Related: []string{"wellness"}},
	{Key: "wellness", Categories: []string{"Wellness"},
		Synonyms: []string{"burnout", "burned out", "stress", "fitness", "nutrition", "wellness", "telehealth", "agotamiento", "estres",
			"agotado", "epuisement", "bien etre", "sante mentale"},
		Related: []string{"coaching"}},
	{Key: "gifting", Categories: []string{"Client Gifting", "Pop-By Kits"}, Tags: []string{"client-gifting", "pop-by-kits"},
		Synonyms: []string{"closing gift", "gift", "pop-by", "pop by", "client appreciation", "past client", "sphere", "referral", "regalo",
			"regalos de cierre", "clientes anteriores", "cadeau", "cadeaux de cloture", "anciens clients"},
		Related: []string{"events"}},
	{Key: "events", Categories: []string{"Client Events"}, Tags: []string{"client-event-kits"},
		Synonyms: []string{"event", "client event", "seminar", "block party", "evento", "seminario", "evenement", "seminaire"},
		Related:  []string{"gifting", "open_house"}},
	{Key: "open_house", Categories: []string{"Open House", "Signage"}, Tags: []string{"open-house"},
		Synonyms: []string{"open house", "casa abierta", "puertas abiertas", "portes ouvertes"},
		Related:  []string{"signage", "events"}},
	{Key: "ai_tools", Categories: []string{"AI Tools"},
		Synonyms: []string{"ai tool", "ai-powered", "ai powered", "using ai", "artificial intelligence", "chatgpt", "inteligencia artificial",
			"herramientas de ia", "intelligence artificielle", "outils ia", "listing description"},
		Related: []string{"crm"}},
}

// outsideTerms mark questions about things Circle's data does not cover (weather, sport,
// markets, medicine, politics...): with no intent matched, such a question is declined.
var outsideTerms = setOf("weather", "forecast", "temperature", "rain", "football", "soccer", "basketball", "baseball", "score",
	"stock", "stocks", "bitcoin", "crypto", "election", "president", "recipe", "cook", "doctor", "diagnose", "symptom",
	"movie", "song", "joke", "poem", "capital", "predict", "prediction", "lottery", "horoscope",
	"clima", "tiempo", "futbol", "receta", "elecciones", "presidente", "chiste", "pelicula", "prediccion", "acciones",
	"meteo", "temps", "recette", "election", "blague", "film", "prevision", "bourse")

type intentPhrases struct {
	intent  *intent
	phrases []string
}

var intentIndex = func() []intentPhrases {
	out := make([]intentPhrases, len(intents))
	for i := range intents {
		out[i].intent = &intents[i]
		for _, s := range intents[i].Synonyms {
			out[i].phrases = append(out[i].phrases, phrase(s))
		}
	}
	return out
}()

// matchIntents returns the intents whose synonyms occur in the normalized question q (a
// phrase()), with the number of words of the longest synonym matched (a longer match is
// surer).
func matchIntents(q string) map[*intent]int {
	out := map[*intent]int{}
	for _, ip := range intentIndex {
		for _, p := range ip.phrases {
			if len(p) > 2 && containsPhrase(q, p) {
				n := len(words(p))
				if n > out[ip.intent] {
					out[ip.intent] = n
				}
			}
		}
	}
	return out
}

func containsPhrase(q, p string) bool { return strings.Contains(q, p) }
