package demo

import (
	"time"

	"circle/internal/academy"
)

// userAdmin authors the demo's own courses; the demo creator (userCreator) one of them.
const userAdmin = "usr-demo-admin"

func t3(en, es, fr string) academy.Text { return academy.Text{En: en, Es: es, Fr: fr} }

func lesson(id string, title academy.Text, minutes int, body string) academy.Lesson {
	return academy.Lesson{ID: id, Title: title, Minutes: minutes, Body: body, Files: []academy.Resource{}}
}

// AcademyCourses are the demo's Circle Academy courses (issue 32 item 1): three courses for US
// agents, one of them Pro-only and one authored by the demo creator, each with lessons and a
// quiz. Titles are in en/es/fr; lesson bodies and questions are English (docs/areas/academy.md).
func AcademyCourses(now time.Time) []academy.AcademyCourse {
	at := now.Add(-30 * 24 * time.Hour).UTC().Truncate(time.Second)
	out := []academy.AcademyCourse{
		{
			ID: "crs-demo-listing-presentation", Slug: "listing-presentations-that-win", AuthorID: userAdmin, Position: 1,
			Title:   t3("Listing presentations that win", "Presentaciones de listado que ganan", "Des présentations d'inscription qui convainquent"),
			Summary: t3("Prepare, price and present so sellers sign with you.", "Prepare, fije el precio y presente para que los vendedores firmen con usted.", "Préparez, fixez le prix et présentez pour que les vendeurs signent avec vous."),
			Level:   academy.LevelBeginner, PassMark: 70, Status: academy.StatusPublished, CreatedAt: at, UpdatedAt: at,
			Lessons: []academy.Lesson{
				lesson("lsn-demo-lp-1", t3("Research before the appointment", "Investigue antes de la cita", "Faites vos recherches avant le rendez-vous"), 8,
					"<h2>Know the house before you see it</h2><p>Pull the public record (lot size, year built, last sale price and date, tax assessment) and the seller's likely equity. Drive the street: note condition of neighbours, traffic and anything a buyer will notice.</p><ul><li>Three to six <strong>closed</strong> comparables from the last 90-180 days within the same subdivision or school zone.</li><li>Active and pending listings: your seller's real competition.</li><li>Expired listings nearby: what priced too high looks like.</li></ul><p>Send a short pre-listing package the day before: who you are, recent results, and what the meeting will cover.</p>"),
				lesson("lsn-demo-lp-2", t3("Pricing with a CMA the seller believes", "Precios con un CMA que el vendedor crea", "Fixer le prix avec une ACM crédible"), 10,
					"<h2>Let the comparables speak</h2><p>Walk the seller through closed sales first, then pendings, then actives. Adjust for square footage, bedrooms and baths, condition, lot and garage, and say each adjustment out loud.</p><p>Give a <strong>range</strong>, then a recommended list price. Show days on market and the list-to-sale ratio for homes priced right versus overpriced.</p><ol><li>Closed sales set value.</li><li>Pending sales show where the market is going.</li><li>Active listings are the competition, not proof of value.</li></ol>"),
				lesson("lsn-demo-lp-3", t3("Presenting your marketing plan", "Presentar su plan de marketing", "Présenter votre plan marketing"), 7,
					"<h2>Show the plan, week by week</h2><p>Sellers hire the agent whose plan is concrete. Cover photography and video, the listing description, MLS and syndication, social ads, open houses, and how you report feedback every week.</p><p>Close by asking for the listing and handling the common objections: commission, list price and contract length. Bring the listing agreement filled in.</p>"),
			},
			Questions: []academy.Question{
				{ID: "q1", Prompt: "Which sales should set the recommended list price?", Options: []string{"Active listings", "Recent closed sales", "The seller's purchase price"}, Correct: 1, Explanation: "Closed sales are what buyers actually paid; actives are only asking prices."},
				{ID: "q2", Prompt: "What should the pre-listing package include?", Options: []string{"Who you are, recent results and the meeting's agenda", "Only your commission", "Nothing: keep it for the meeting"}, Correct: 0, Explanation: "It builds trust before you arrive."},
				{ID: "q3", Prompt: "How often should a seller hear feedback from showings?", Options: []string{"At closing", "Every week", "Only when asked"}, Correct: 1, Explanation: "A weekly report keeps the seller confident and open to price changes."},
			},
		},
		{
			ID: "crs-demo-lead-follow-up", Slug: "speed-to-lead-follow-up", AuthorID: userCreator, Position: 2,
			Title:   t3("Speed-to-lead: follow-up that converts", "Rapidez con los prospectos: seguimiento que convierte", "Réactivité : un suivi des prospects qui convertit"),
			Summary: t3("Answer fast, follow up for months, and keep it compliant.", "Responda rápido, dé seguimiento durante meses y cumpla las normas.", "Répondez vite, relancez pendant des mois et restez conforme."),
			Level:   academy.LevelBeginner, PassMark: 70, Status: academy.StatusPublished, CreatedAt: at, UpdatedAt: at,
			Lessons: []academy.Lesson{
				lesson("lsn-demo-fu-1", t3("The first five minutes", "Los primeros cinco minutos", "Les cinq premières minutes"), 6,
					"<h2>Answer while the lead is still looking</h2><p>Online leads go cold within minutes. Call first, then text if there is no answer, then e-mail. Open with the home they asked about, not with a pitch.</p><ul><li>Set instant alerts from every lead source to your phone.</li><li>Keep a two-line text ready: your name, the address, one question.</li></ul>"),
				lesson("lsn-demo-fu-2", t3("A 90-day follow-up plan", "Un plan de seguimiento de 90 días", "Un plan de suivi sur 90 jours"), 8,
					"<h2>Most buyers are months away</h2><p>Put every new lead on a plan: daily touches the first week, weekly the first month, then every two weeks. Mix calls, texts, market updates and saved-search listings. Log every touch in your CRM so nothing depends on memory.</p>"),
				lesson("lsn-demo-fu-3", t3("Staying compliant: TCPA and Do Not Call", "Cumplimiento: TCPA y No Llamar", "Rester conforme : TCPA et liste d'exclusion"), 6,
					"<h2>Consent first</h2><p>Under the Telephone Consumer Protection Act, automated texts and calls need the consumer's prior express written consent. Check the National Do Not Call Registry before cold calls, honour opt-outs at once (STOP means stop), and keep consent records with the lead.</p>"),
			},
			Questions: []academy.Question{
				{ID: "q1", Prompt: "A new online lead arrives. What do you do first?", Options: []string{"E-mail a newsletter", "Call within minutes", "Wait a day so you do not seem pushy"}, Correct: 1, Explanation: "Response time is the strongest predictor of conversion."},
				{ID: "q2", Prompt: "A lead replies STOP to your text. What now?", Options: []string{"Text once more to confirm", "Stop texting them at once", "Switch to a different number"}, Correct: 1, Explanation: "Opt-outs must be honoured immediately."},
				{ID: "q3", Prompt: "Where should every follow-up touch be recorded?", Options: []string{"In your CRM", "Nowhere", "On paper at the office"}, Correct: 0},
			},
		},
		{
			ID: "crs-demo-respa", Slug: "respa-and-co-marketing", AuthorID: userAdmin, Position: 3, ProOnly: true,
			Title:   t3("RESPA-safe co-marketing", "Co-marketing conforme a RESPA", "Co-marketing conforme au RESPA"),
			Summary: t3("Share marketing costs with lenders and title partners without breaking Section 8.", "Comparta costos de marketing con prestamistas y socios de título sin infringir la Sección 8.", "Partagez les coûts marketing avec prêteurs et partenaires sans enfreindre la section 8."),
			Level:   academy.LevelIntermediate, PassMark: 80, Status: academy.StatusPublished, CreatedAt: at, UpdatedAt: at,
			Lessons: []academy.Lesson{
				lesson("lsn-demo-rs-1", t3("What Section 8 forbids", "Lo que prohíbe la Sección 8", "Ce que la section 8 interdit"), 8,
					"<h2>No fees for referrals</h2><p>RESPA Section 8 bans giving or accepting anything of value for referring settlement business (mortgages, title, escrow, some inspections), and splitting fees for services not actually performed. A partner paying your marketing bill because you send them buyers is the classic violation.</p>"),
				lesson("lsn-demo-rs-2", t3("Splitting costs in proportion", "Dividir costos proporcionalmente", "Partager les coûts en proportion"), 9,
					"<h2>Each pays its own share</h2><p>Co-marketing is allowed when each party pays in proportion to the space and benefit it gets. A postcard split 50/50 needs both logos and messages at roughly equal size. Keep the invoice, the proof and the calculation.</p><ul><li>Pay at fair market value.</li><li>Put the agreement in writing.</li><li>Never tie the split to referrals.</li></ul>"),
				lesson("lsn-demo-rs-3", t3("Settlement providers and co-pay on Circle", "Proveedores de liquidación y copago en Circle", "Prestataires de règlement et co-paiement sur Circle"), 7,
					"<h2>How Circle applies the caps</h2><p>On Circle a partner's share of a co-pay is capped by the stricter rule: settlement-service providers at 20% by default, other partners at 70%, and a service's own limit can only lower it. Requests, approvals and the audit pack are kept so you can show how each split was decided.</p>"),
			},
			Questions: []academy.Question{
				{ID: "q1", Prompt: "A lender offers to pay your whole mailer because you refer buyers. Is that allowed?", Options: []string{"Yes, if it is under $500", "No: it is a thing of value for referrals", "Yes, if they are a friend"}, Correct: 1, Explanation: "Payment tied to referrals is what Section 8 forbids."},
				{ID: "q2", Prompt: "How must co-marketing costs be split?", Options: []string{"In proportion to each party's space and benefit", "Whatever the partner offers", "Always 100% by the partner"}, Correct: 0},
				{ID: "q3", Prompt: "What is Circle's default cap for a settlement-service provider's share?", Options: []string{"50%", "20%", "70%"}, Correct: 1, Explanation: "max_split_percentage_ssp defaults to 20%."},
			},
		},
	}
	// The demo's texts go through the editor's sanitiser and rules, as an author's would.
	for i := range out {
		c, err := academy.CheckCourse(out[i])
		if err != nil {
			panic("demo course " + out[i].Slug + ": " + err.Error())
		}
		out[i] = c
	}
	return out
}
