package prepcourse

// The course content (03§2: four modules, article, article, checklist, article) in the three
// languages of the app. The server owns it so the course page and the downloadable guide say
// the same thing.

// Module kinds.
const (
	KindArticle   = "article"
	KindChecklist = "checklist"
)

// Module is one module of the course in one language.
type Module struct {
	ID      string   `json:"id"`
	Kind    string   `json:"kind" enum:"article,checklist"`
	Title   string   `json:"title"`
	Minutes int      `json:"minutes"`
	Summary string   `json:"summary"`
	Body    []string `json:"body"`
	// Items are the checklist's entries (checklist modules only).
	Items []string `json:"items"`
}

// ModuleIDs are the course's modules in order.
var ModuleIDs = []string{"what-to-expect", "define-your-goals", "prepare-checklist", "questions-to-ask"}

// ModuleCount is the number of modules (03§9: 4).
const ModuleCount = 4

type text struct {
	title, summary string
	body, items    []string
}

type guideText struct {
	title, intro, progress, reminder, meeting, footer, checkbox string
}

var kinds = map[string]string{
	"what-to-expect": KindArticle, "define-your-goals": KindArticle,
	"prepare-checklist": KindChecklist, "questions-to-ask": KindArticle,
}

var minutes = map[string]int{"what-to-expect": 3, "define-your-goals": 5, "prepare-checklist": 4, "questions-to-ask": 3}

var content = map[string]map[string]text{
	"en": {
		"what-to-expect": {
			title:   "What to Expect",
			summary: "How your consultation runs and how to get the most from it.",
			body: []string{
				"Your consultation is a 30-minute video or phone call with the vendor's specialist. It is free and there is no obligation to buy.",
				"The specialist will ask about your business, your market and what you have tried so far, then walk you through the options that fit.",
				"Come with your numbers and your questions: the better prepared you are, the more concrete the recommendations will be.",
			},
		},
		"define-your-goals": {
			title:   "Define Your Goals",
			summary: "Decide what success looks like before you talk to the vendor.",
			body: []string{
				"Write down one primary goal for the next 90 days, for example more listing appointments, a steadier pipeline or less time spent on marketing.",
				"Put a number on it: how many leads, closings or hours saved per month would make this service worth it for you?",
				"Set a monthly budget range and decide whether you would use co-pay or points to cover part of the cost.",
			},
		},
		"prepare-checklist": {
			title:   "Pre-Consultation Checklist",
			summary: "Gather what the specialist will ask for.",
			body:    []string{"Tick these off before the call:"},
			items: []string{
				"Your transactions and average sale price for the last 12 months",
				"Your current lead sources and what each costs per month",
				"The tools you already use (CRM, website, social accounts)",
				"Your monthly marketing budget range",
				"Any co-marketing partners (lender, title) who could share the cost",
				"Your calendar for the next 30 days, to plan a start date",
			},
		},
		"questions-to-ask": {
			title:   "Questions to Ask",
			summary: "Questions that reveal whether the vendor is the right fit.",
			body: []string{
				"What results have agents in a market like mine seen in their first 90 days?",
				"What is included in the price, what costs extra, and what is the minimum commitment?",
				"How long does setup take, and what do you need from me?",
				"How will we measure results, and how often will I get a report?",
				"Can a co-marketing partner pay part of the cost, and is that RESPA-compliant for this service?",
			},
		},
	},
	"es": {
		"what-to-expect": {
			title:   "Qué esperar",
			summary: "Cómo se desarrolla su consulta y cómo aprovecharla al máximo.",
			body: []string{
				"Su consulta es una llamada de 30 minutos por video o teléfono con el especialista del proveedor. Es gratuita y sin obligación de compra.",
				"El especialista le preguntará por su negocio, su mercado y lo que ha probado hasta ahora, y luego le presentará las opciones adecuadas.",
				"Traiga sus cifras y sus preguntas: cuanto mejor preparado esté, más concretas serán las recomendaciones.",
			},
		},
		"define-your-goals": {
			title:   "Defina sus objetivos",
			summary: "Decida cómo se ve el éxito antes de hablar con el proveedor.",
			body: []string{
				"Anote un objetivo principal para los próximos 90 días, por ejemplo más citas de captación, un flujo de clientes más estable o menos tiempo dedicado al marketing.",
				"Póngale una cifra: ¿cuántos contactos, cierres u horas ahorradas al mes harían que este servicio valga la pena?",
				"Fije un rango de presupuesto mensual y decida si usaría copago o puntos para cubrir parte del costo.",
			},
		},
		"prepare-checklist": {
			title:   "Lista de verificación previa",
			summary: "Reúna lo que el especialista le pedirá.",
			body:    []string{"Marque estos puntos antes de la llamada:"},
			items: []string{
				"Sus transacciones y precio medio de venta de los últimos 12 meses",
				"Sus fuentes actuales de contactos y lo que cuesta cada una al mes",
				"Las herramientas que ya usa (CRM, sitio web, redes sociales)",
				"Su rango de presupuesto mensual de marketing",
				"Socios de co-marketing (prestamista, título) que podrían compartir el costo",
				"Su calendario de los próximos 30 días, para planificar una fecha de inicio",
			},
		},
		"questions-to-ask": {
			title:   "Preguntas para hacer",
			summary: "Preguntas que revelan si el proveedor es el adecuado.",
			body: []string{
				"¿Qué resultados han obtenido agentes de un mercado como el mío en sus primeros 90 días?",
				"¿Qué incluye el precio, qué cuesta aparte y cuál es el compromiso mínimo?",
				"¿Cuánto tarda la puesta en marcha y qué necesita de mí?",
				"¿Cómo mediremos los resultados y con qué frecuencia recibiré un informe?",
				"¿Puede un socio de co-marketing pagar parte del costo, y cumple eso con RESPA para este servicio?",
			},
		},
	},
	"fr": {
		"what-to-expect": {
			title:   "À quoi s'attendre",
			summary: "Le déroulement de votre consultation et comment en tirer le meilleur parti.",
			body: []string{
				"Votre consultation est un appel vidéo ou téléphonique de 30 minutes avec le spécialiste du prestataire. Elle est gratuite et sans obligation d'achat.",
				"Le spécialiste vous interrogera sur votre activité, votre marché et ce que vous avez déjà essayé, puis vous présentera les options adaptées.",
				"Venez avec vos chiffres et vos questions : mieux vous serez préparé, plus les recommandations seront concrètes.",
			},
		},
		"define-your-goals": {
			title:   "Définissez vos objectifs",
			summary: "Décidez à quoi ressemble la réussite avant de parler au prestataire.",
			body: []string{
				"Notez un objectif principal pour les 90 prochains jours, par exemple plus de rendez-vous de prise de mandat, un flux de clients plus régulier ou moins de temps passé sur le marketing.",
				"Chiffrez-le : combien de contacts, de ventes ou d'heures gagnées par mois rendraient ce service rentable pour vous ?",
				"Fixez une fourchette de budget mensuel et décidez si vous utiliseriez le co-paiement ou des points pour couvrir une partie du coût.",
			},
		},
		"prepare-checklist": {
			title:   "Liste de préparation",
			summary: "Rassemblez ce que le spécialiste vous demandera.",
			body:    []string{"Cochez ces points avant l'appel :"},
			items: []string{
				"Vos transactions et votre prix de vente moyen des 12 derniers mois",
				"Vos sources de contacts actuelles et leur coût mensuel",
				"Les outils que vous utilisez déjà (CRM, site web, réseaux sociaux)",
				"Votre fourchette de budget marketing mensuel",
				"Les partenaires de co-marketing (prêteur, titre) qui pourraient partager le coût",
				"Votre agenda des 30 prochains jours, pour prévoir une date de démarrage",
			},
		},
		"questions-to-ask": {
			title:   "Questions à poser",
			summary: "Des questions qui montrent si le prestataire vous convient.",
			body: []string{
				"Quels résultats des agents d'un marché comme le mien ont-ils obtenus dans leurs 90 premiers jours ?",
				"Qu'est-ce qui est inclus dans le prix, qu'est-ce qui est en supplément et quel est l'engagement minimum ?",
				"Combien de temps prend la mise en place et de quoi avez-vous besoin de ma part ?",
				"Comment mesurerons-nous les résultats et à quelle fréquence recevrai-je un rapport ?",
				"Un partenaire de co-marketing peut-il payer une partie du coût, et est-ce conforme à RESPA pour ce service ?",
			},
		},
	},
}

var guides = map[string]guideText{
	"en": {title: "Consultation Guide", intro: "Your preparation for the consultation, from the Circle preparation course.",
		progress: "Course progress: %d%% complete", reminder: "We will e-mail you a reminder 24 hours before your consultation.",
		meeting: "Consultation: %s", footer: "Circle - consultation %s", checkbox: "[ ]"},
	"es": {title: "Guía de la consulta", intro: "Su preparación para la consulta, del curso de preparación de Circle.",
		progress: "Progreso del curso: %d%% completado", reminder: "Le enviaremos un recordatorio por correo 24 horas antes de su consulta.",
		meeting: "Consulta: %s", footer: "Circle - consulta %s", checkbox: "[ ]"},
	"fr": {title: "Guide de la consultation", intro: "Votre préparation à la consultation, issue du cours de préparation Circle.",
		progress: "Progression du cours : %d %% terminé", reminder: "Nous vous enverrons un rappel par e-mail 24 heures avant votre consultation.",
		meeting: "Consultation : %s", footer: "Circle - consultation %s", checkbox: "[ ]"},
}

// Modules returns the course in lang (en, es or fr; anything else is English).
func Modules(lang string) []Module {
	c, ok := content[lang]
	if !ok {
		c = content["en"]
	}
	out := make([]Module, 0, len(ModuleIDs))
	for _, id := range ModuleIDs {
		t := c[id]
		items := t.items
		if items == nil {
			items = []string{}
		}
		out = append(out, Module{ID: id, Kind: kinds[id], Title: t.title, Minutes: minutes[id], Summary: t.summary, Body: t.body, Items: items})
	}
	return out
}

func guideFor(lang string) guideText {
	if g, ok := guides[lang]; ok {
		return g
	}
	return guides["en"]
}
