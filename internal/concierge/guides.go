package concierge

// The curated guides of the advice landing's seven topics (03§2: CRM, Marketing Tools, Lead
// Generation, Real Estate Schools, Licensing, Coaching, Marketplace), in English, Spanish and
// French. An answer about a topic cites its guide; the guide's link opens the marketplace
// searched for the topic, where the services the guide is about are.
type guide struct {
	ID    string
	Title [3]string // en, es, fr
	Tip   [3]string
	Query string
}

var guides = []guide{
	{ID: "crm", Query: "CRM",
		Title: [3]string{"Choosing a CRM", "Cómo elegir un CRM", "Choisir un CRM"},
		Tip: [3]string{"Pick the CRM that answers a new lead within five minutes and tells you who to call today; agents rarely use more than that.",
			"Elija el CRM que responda a un nuevo prospecto en cinco minutos y le diga a quién llamar hoy; los agentes rara vez usan más que eso.",
			"Choisissez le CRM qui répond à un nouveau prospect en cinq minutes et vous dit qui appeler aujourd'hui ; les agents utilisent rarement plus."}},
	{ID: "marketing-tools", Query: "marketing",
		Title: [3]string{"Marketing tools that pay back", "Herramientas de marketing que se pagan solas", "Des outils marketing rentables"},
		Tip: [3]string{"Spend where your next listing comes from: one farm area, one brand look, repeated every month.",
			"Invierta donde nace su próximo listado: una zona, una imagen de marca, repetidas cada mes.",
			"Investissez là où naît votre prochain mandat : un secteur, une image de marque, répétés chaque mois."}},
	{ID: "lead-generation", Query: "leads",
		Title: [3]string{"Lead generation that converts", "Generación de prospectos que convierte", "Des prospects qui se convertissent"},
		Tip: [3]string{"Most leads are lost to slow replies: pair any lead source with a way to answer within minutes.",
			"La mayoría de los prospectos se pierden por responder tarde: combine cada fuente con una forma de contestar en minutos.",
			"La plupart des prospects sont perdus faute de réponse rapide : associez chaque source à un moyen de répondre en quelques minutes."}},
	{ID: "real-estate-schools", Query: "course",
		Title: [3]string{"Real estate schools", "Escuelas de bienes raíces", "Écoles immobilières"},
		Tip: [3]string{"Choose a school approved in your state, with exam prep included and a pass rate it publishes.",
			"Elija una escuela aprobada en su estado, con preparación para el examen incluida y una tasa de aprobación publicada.",
			"Choisissez une école agréée dans votre État, avec la préparation à l'examen incluse et un taux de réussite publié."}},
	{ID: "licensing", Query: "CE",
		Title: [3]string{"Keeping your licence current", "Mantener su licencia al día", "Garder votre licence à jour"},
		Tip: [3]string{"Check your state's renewal date and required hours (fair housing and ethics are often mandatory) before you buy a bundle.",
			"Revise la fecha de renovación y las horas que exige su estado (vivienda justa y ética suelen ser obligatorias) antes de comprar un paquete.",
			"Vérifiez la date de renouvellement et les heures exigées par votre État (logement équitable et éthique sont souvent obligatoires) avant d'acheter un forfait."}},
	{ID: "coaching", Query: "coaching",
		Title: [3]string{"Finding a coach", "Cómo encontrar un coach", "Trouver un coach"},
		Tip: [3]string{"A good coach sets weekly numbers with you and checks them; ask for a trial call first.",
			"Un buen coach fija con usted metas semanales y las revisa; pida primero una llamada de prueba.",
			"Un bon coach fixe avec vous des objectifs hebdomadaires et les vérifie ; demandez d'abord un appel d'essai."}},
	{ID: "marketplace", Query: "",
		Title: [3]string{"Using the Circle marketplace", "Cómo usar el mercado de Circle", "Utiliser la place de marché Circle"},
		Tip: [3]string{"Filter by category, then compare ratings, verified reviews and co-pay before you buy.",
			"Filtre por categoría y compare calificaciones, reseñas verificadas y copago antes de comprar.",
			"Filtrez par catégorie, puis comparez les notes, les avis vérifiés et le copaiement avant d'acheter."}},
}

func guideByID(id string) *guide {
	for i := range guides {
		if guides[i].ID == id {
			return &guides[i]
		}
	}
	return nil
}

// langIndex is the position of a language in the [3]string tables.
func langIndex(l string) int {
	switch l {
	case "es":
		return 1
	case "fr":
		return 2
	}
	return 0
}

// intentLabels name each intent in the answer and in quick replies (en, es, fr).
var intentLabels = map[string][3]string{
	"crm": {"a CRM", "un CRM", "un CRM"}, "speed_to_lead": {"answering leads faster", "responder más rápido a los prospectos", "répondre plus vite aux prospects"},
	"lead_gen": {"lead generation", "generación de prospectos", "la génération de prospects"}, "marketing": {"marketing tools", "herramientas de marketing", "les outils marketing"},
	"print": {"print marketing", "marketing impreso", "le marketing imprimé"}, "presentation": {"a listing presentation", "una presentación de listado", "une présentation d'annonce"},
	"branding": {"branding", "su marca", "votre image de marque"}, "market_data": {"market data", "datos de mercado", "les données du marché"},
	"website": {"a website", "un sitio web", "un site web"}, "seo": {"SEO", "posicionamiento SEO", "le référencement"},
	"isa_va": {"a virtual assistant", "un asistente virtual", "un assistant virtuel"}, "dialer": {"a dialer", "un marcador", "un numéroteur"},
	"transaction": {"transaction coordination", "coordinación de transacciones", "la coordination des transactions"},
	"compliance":  {"compliance", "cumplimiento", "la conformité"}, "mortgage": {"mortgage partners", "socios hipotecarios", "les partenaires hypothécaires"},
	"title": {"title and escrow", "título y fideicomiso", "le titre et le séquestre"}, "legal": {"legal help", "ayuda legal", "l'aide juridique"},
	"coaching": {"coaching", "coaching", "le coaching"}, "schools": {"real estate schools", "escuelas de bienes raíces", "les écoles immobilières"},
	"licensing": {"licensing", "licencias", "la licence"}, "accounting": {"bookkeeping and taxes", "contabilidad e impuestos", "la comptabilité et les impôts"},
	"signage": {"yard signs", "letreros", "les panneaux"}, "video": {"listing video", "video de propiedades", "la vidéo d'annonce"},
	"photo": {"listing photography", "fotografía de propiedades", "la photographie d'annonce"}, "virtual_tour": {"virtual tours", "recorridos virtuales", "les visites virtuelles"},
	"lockbox": {"lockboxes", "cajas de llaves", "les boîtes à clés"}, "inspection": {"home inspection", "inspección de vivienda", "l'inspection"},
	"staging": {"staging", "home staging", "le home staging"}, "virtual_staging": {"virtual staging", "home staging virtual", "le home staging virtuel"},
	"moving": {"moving", "mudanzas", "le déménagement"}, "warranty": {"home warranty", "garantía de vivienda", "la garantie habitation"},
	"repairs": {"repairs and cleaning", "reparaciones y limpieza", "les réparations et le nettoyage"}, "health": {"health insurance", "seguro médico", "l'assurance maladie"},
	"wellness": {"wellness", "bienestar", "le bien-être"}, "gifting": {"client gifts", "regalos para clientes", "les cadeaux clients"},
	"events": {"client events", "eventos para clientes", "les événements clients"}, "open_house": {"open houses", "casas abiertas", "les portes ouvertes"},
	"ai_tools": {"AI tools", "herramientas de IA", "les outils d'IA"},
}

// helpWith is the topic message of the advice landing (03§2: "I need help with {topic}").
func helpWith(l string, label string) string {
	switch l {
	case "es":
		return "Necesito ayuda con " + label
	case "fr":
		return "J'ai besoin d'aide pour " + label
	}
	return "I need help with " + label
}
