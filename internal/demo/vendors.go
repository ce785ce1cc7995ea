package demo

// repDef is one service representative of a demo vendor.
type repDef struct {
	Name     string
	Title    string
	Rating   int // tenths of a star, 38-50
	Years    int
	License  string
	Specs    []string
	Location string // empty: the vendor's location
	NoPhoto  bool   // the web app shows initials
}

// contentDef is one tile of a vendor's funnel modal.
type contentDef struct {
	Type     string // video_youtube, video_vimeo, image, document
	URL      string
	Title    string
	Featured bool
}

// vendorDef is one demo vendor with everything hanging off it.
type vendorDef struct {
	Slug                 string // id is "ven-" + Slug
	Name, NameEs, NameFr string
	Desc, DescEs, DescFr string
	Type                 string
	City, State          string
	Lat, Lng             float64
	Area                 string // telephone area code
	Domain               string // website https://www.<Domain>.example and contact e-mail
	NoWebsite            bool
	Hours                string
	Verified             bool
	Premium              bool
	OpenToPartner        bool
	Status               string
	Inactive             bool
	CoMarketing          int
	Campaigns            int
	NMLS                 string
	ServiceStates        []string
	LicenseStates        []string
	MLSAreas             []string
	Specialties          []string
	Radius               int
	NoLocalRep           bool
	Reps                 []repDef
	QuestionSet          string   // key of questionSets; empty with no Answers
	Answers              []string // five answers; nil leaves the vendor without questions
	Content              []contentDef
	NoCalendar           bool
	Age                  int // days since the vendor joined
}

// questionSets are the evaluation questions asked of each kind of vendor.
var questionSets = map[string][5]string{
	"lending": {
		"What loan programs do you offer for my buyers?",
		"How quickly can you issue a pre-approval letter?",
		"How will you keep me updated from contract to close?",
		"What does co-marketing with your team look like?",
		"What do agents say about closing with you?",
	},
	"settlement": {
		"Which states and counties do you close in?",
		"How fast can you open an order and deliver a title commitment?",
		"Do you offer mobile or remote online closings?",
		"How do you protect my clients from wire fraud?",
		"What do agents say about closing with you?",
	},
	"creative": {
		"What is your turnaround time?",
		"Which areas do you cover, and are there travel fees?",
		"Can I co-brand or white-label the deliverables?",
		"How do rescheduling and revisions work?",
		"What do agents say about working with you?",
	},
	"software": {
		"Which MLS and CRM systems do you integrate with?",
		"How long does onboarding take?",
		"Is there a contract, or can I cancel anytime?",
		"How is my client data protected?",
		"What results have agents seen?",
	},
	"services": {
		"What exactly does your service include?",
		"How do we get started, and how long does setup take?",
		"How do you communicate with me and my clients?",
		"What does it cost, and are there any hidden fees?",
		"What do agents say about working with you?",
	},
}

// vendorDefs are the demo vendors. Order is the vendor sort order.
var vendorDefs = []vendorDef{
	{
		Slug:   "harborline",
		Name:   "Harborline Home Loans",
		NameEs: "Harborline Préstamos Hipotecarios",
		NameFr: "Harborline Prêts Hypothécaires",
		Desc: "Harborline Home Loans is a direct mortgage lender built around purchase business. " +
			"Our loan officers issue fully underwritten pre-approvals in 48 hours, close in 21 days on average and keep listing and buyer agents updated at every milestone.",
		DescEs: "Harborline Préstamos Hipotecarios es un prestamista hipotecario directo enfocado en compras de vivienda. " +
			"Nuestros oficiales de préstamos emiten preaprobaciones totalmente suscritas en 48 horas, cierran en 21 días en promedio y mantienen informados a los agentes en cada etapa.",
		DescFr: "Harborline Prêts Hypothécaires est un prêteur hypothécaire direct spécialisé dans l'achat immobilier. " +
			"Nos agents de crédit délivrent des préapprobations entièrement souscrites en 48 heures, concluent en 21 jours en moyenne et tiennent les courtiers informés à chaque étape.",
		Type: "mortgage_lender", City: "Austin", State: "TX", Lat: 30.2672, Lng: -97.7431, Area: "512",
		Domain: "harborlinehomeloans", Hours: "Mon-Fri 8 AM - 7 PM CT, Sat 9 AM - 1 PM CT",
		Verified: true, Premium: true, OpenToPartner: true, Status: "approved",
		CoMarketing: 14, Campaigns: 212, NMLS: "1839204",
		ServiceStates: []string{"TX", "OK", "LA", "NM", "CO"}, LicenseStates: []string{"TX", "OK", "LA", "NM", "CO"},
		MLSAreas:    []string{"Central Texas", "Greater San Antonio", "Dallas-Fort Worth"},
		Specialties: []string{"First-time buyers", "FHA & VA loans", "Jumbo loans", "Down payment assistance", "Investor DSCR loans", "Co-marketing"},
		Radius:      250,
		Reps: []repDef{
			{Name: "Daniel Ortega", Title: "Senior Loan Officer", Rating: 49, Years: 14, License: "NMLS #1839221", Specs: []string{"VA loans", "First-time buyers", "Spanish-speaking"}},
			{Name: "Courtney Blake", Title: "Loan Officer", Rating: 47, Years: 8, License: "NMLS #2011457", Specs: []string{"FHA loans", "Down payment assistance", "Condos"}},
			{Name: "Raj Patel", Title: "Jumbo Loan Specialist", Rating: 48, Years: 11, License: "NMLS #1602388", Specs: []string{"Jumbo loans", "Physician loans", "Relocation"}, Location: "Dallas, TX"},
			{Name: "Megan Foster", Title: "Loan Officer", Rating: 45, Years: 4, License: "NMLS #2290913", Specs: []string{"Investor DSCR loans", "Cash-out refinance"}, Location: "San Antonio, TX"},
			{Name: "Luis Carrillo", Title: "Branch Manager", Rating: 50, Years: 19, License: "NMLS #984417", Specs: []string{"Renovation loans", "New construction", "Team co-marketing"}, NoPhoto: true},
		},
		QuestionSet: "lending",
		Answers: []string{
			"Conventional, FHA, VA, USDA, jumbo up to $3M, DSCR investor loans and state down payment assistance programs such as TSAHC and My First Texas Home.",
			"Most buyers receive a fully underwritten pre-approval within 48 hours of sending documents; simple W-2 files are often same day.",
			"You get automatic text and e-mail updates at application, appraisal, conditional approval, clear to close and funding, plus a direct line to your loan officer.",
			"We co-host first-time buyer seminars and open houses and share the cost of compliant co-branded ads, always split according to actual use and in line with RESPA.",
			"Agents rate our loan officers 4.8 out of 5 across more than 900 closings; the three most recent reviews are shown below.",
		},
		Content: []contentDef{
			{Type: "video_youtube", URL: "https://www.youtube.com/watch?v=h7Xq2LmP9sA", Title: "How our 48-hour pre-approval works", Featured: true},
			{Type: "image", URL: "/demo/content/harborline-rate-sheet.png", Title: "This week's purchase rate sheet"},
			{Type: "document", URL: "/demo/content/harborline-buyer-guide.pdf", Title: "First-time buyer guide (PDF)"},
			{Type: "video_youtube", URL: "https://youtu.be/R4vN8kT1wQe", Title: "Closing in 21 days: a case study"},
		},
		Age: 410,
	},
	{
		Slug:   "summitridge",
		Name:   "Summit Ridge Mortgage Group",
		NameEs: "Grupo Hipotecario Summit Ridge",
		NameFr: "Groupe Hypothécaire Summit Ridge",
		Desc: "Summit Ridge is a Colorado-based lender known for renovation, construction and mountain-property loans. " +
			"Our team handles FHA 203(k), Fannie Mae HomeStyle and second-home financing across the Mountain West.",
		DescEs: "Summit Ridge es un prestamista con sede en Colorado conocido por sus préstamos de renovación, construcción y propiedades de montaña. " +
			"Nuestro equipo gestiona préstamos FHA 203(k), Fannie Mae HomeStyle y financiamiento de segundas viviendas en todo el oeste montañoso.",
		DescFr: "Summit Ridge est un prêteur du Colorado reconnu pour ses prêts à la rénovation, à la construction et pour les propriétés en montagne. " +
			"Notre équipe gère les prêts FHA 203(k), Fannie Mae HomeStyle et le financement de résidences secondaires dans tout l'Ouest montagneux.",
		Type: "lender", City: "Denver", State: "CO", Lat: 39.7392, Lng: -104.9903, Area: "303",
		Domain: "summitridgemortgage", Hours: "Mon-Fri 8 AM - 6 PM MT",
		Verified: true, OpenToPartner: true, Status: "approved",
		CoMarketing: 9, Campaigns: 87, NMLS: "2204517",
		ServiceStates: []string{"CO", "UT", "WY", "MT", "ID"}, LicenseStates: []string{"CO", "UT", "WY", "MT", "ID", "AZ"},
		MLSAreas:    []string{"Denver Metro", "Colorado Springs", "Summit County"},
		Specialties: []string{"Renovation loans", "FHA 203(k)", "Second homes", "Construction-to-permanent", "Rate alerts"},
		Radius:      300,
		Reps: []repDef{
			{Name: "Erin Caldwell", Title: "Renovation Loan Specialist", Rating: 48, Years: 12, License: "NMLS #1477302", Specs: []string{"FHA 203(k)", "HomeStyle", "Fixer-uppers"}},
			{Name: "Brandon Mills", Title: "Loan Officer", Rating: 46, Years: 6, License: "NMLS #2098834", Specs: []string{"Second homes", "Ski-area condos"}, Location: "Breckenridge, CO"},
			{Name: "Alicia Romero", Title: "Loan Officer", Rating: 47, Years: 9, License: "NMLS #1755610", Specs: []string{"First-time buyers", "CHFA programs", "Spanish-speaking"}},
			{Name: "Greg Thompson", Title: "Construction Lending Manager", Rating: 44, Years: 22, License: "NMLS #402281", Specs: []string{"Construction-to-permanent", "Lot loans"}, Location: "Salt Lake City, UT"},
		},
		QuestionSet: "lending",
		Answers: []string{
			"Conventional, FHA, VA, FHA 203(k), Fannie Mae HomeStyle renovation, construction-to-permanent and second-home loans, plus CHFA down payment assistance.",
			"Standard pre-approvals go out within one business day; renovation files include a contractor bid review within three business days.",
			"Every file has a shared milestone tracker, and our renovation desk sends a draw-schedule update to you and the contractor after each inspection.",
			"We co-host renovation-loan workshops and provide co-branded rate alerts for your database, with costs shared in proportion to use.",
			"Agents rate us 4.7 out of 5, most often praising how we rescue deals on homes that need work; recent reviews are shown below.",
		},
		Content: []contentDef{
			{Type: "video_youtube", URL: "https://www.youtube.com/embed/bY6cJ3nF0uZ", Title: "Buying a fixer-upper with one loan", Featured: true},
			{Type: "document", URL: "/demo/content/summitridge-203k-checklist.pdf", Title: "203(k) contractor checklist"},
		},
		Age: 365,
	},
	{
		Slug: "lakeshore",
		Name: "Lakeshore Mortgage Brokers",
		Desc: "Independent mortgage brokerage comparing more than 40 wholesale lenders for self-employed, gig-economy and non-QM borrowers around Chicagoland.",
		Type: "mortgage_broker", City: "Chicago", State: "IL", Lat: 41.8781, Lng: -87.6298, Area: "312",
		Domain: "lakeshorebrokers", Hours: "Mon-Sat 9 AM - 6 PM CT",
		Status: "pending", CoMarketing: 2, Campaigns: 6, NMLS: "2417788",
		ServiceStates: []string{"IL", "IN", "WI"}, LicenseStates: []string{"IL", "IN", "WI"},
		MLSAreas:    []string{"Chicagoland", "Northwest Indiana"},
		Specialties: []string{"Bank-statement loans", "Non-QM", "Self-employed buyers", "ITIN loans"},
		Radius:      120,
		Reps: []repDef{
			{Name: "Tony Kowalski", Title: "Mortgage Broker", Rating: 45, Years: 10, License: "NMLS #1302267", Specs: []string{"Bank-statement loans", "Non-QM"}},
			{Name: "Denise Washington", Title: "Loan Originator", Rating: 43, Years: 3, License: "NMLS #2380015", Specs: []string{"ITIN loans", "First-time buyers"}, NoPhoto: true},
		},
		QuestionSet: "lending",
		Answers: []string{
			"As a broker we shop 40+ wholesale lenders for bank-statement, P&L-only, 1099, ITIN, asset-depletion and DSCR loans as well as standard conventional and FHA.",
			"Once we have 12-24 months of statements we usually deliver a pre-approval in two business days.",
			"We send a weekly status e-mail every Monday and text you the same day anything changes.",
			"We are new to Circle and currently offer co-branded rate sheets; more programs are coming once our listing is approved.",
			"Agents say we find a yes for buyers the banks turned down; recent reviews are shown below.",
		},
		Age: 12,
	},
	{
		Slug:   "bluewater",
		Name:   "Bluewater Title & Escrow",
		NameEs: "Bluewater Títulos y Depósitos en Garantía",
		NameFr: "Bluewater Titres et Séquestre",
		Desc: "Full-service title agency closing residential and commercial transactions across Florida and Georgia, " +
			"with in-office, mobile and remote online closings and a dedicated agent-success team.",
		DescEs: "Agencia de títulos de servicio completo que cierra transacciones residenciales y comerciales en Florida y Georgia, " +
			"con cierres en oficina, móviles y en línea, y un equipo dedicado al éxito de los agentes.",
		DescFr: "Agence de titres à service complet qui conclut des transactions résidentielles et commerciales en Floride et en Géorgie, " +
			"avec des signatures au bureau, mobiles et en ligne, et une équipe dédiée à la réussite des agents.",
		Type: "title_company", City: "Tampa", State: "FL", Lat: 27.9506, Lng: -82.4572, Area: "813",
		Domain: "bluewatertitle", Hours: "Mon-Fri 8:30 AM - 5:30 PM ET",
		Verified: true, Premium: true, OpenToPartner: true, Status: "approved",
		CoMarketing: 11, Campaigns: 64,
		ServiceStates: []string{"FL", "GA"}, LicenseStates: []string{"FL", "GA"},
		MLSAreas:    []string{"Tampa Bay", "Orlando Regional", "Southwest Florida", "Atlanta Metro"},
		Specialties: []string{"Residential closings", "Remote online notarization", "1031 exchanges", "Probate sales", "Wire-fraud prevention"},
		Radius:      200,
		Reps: []repDef{
			{Name: "Stephanie Moreau", Title: "Closing Agent & Branch Manager", Rating: 49, Years: 16, License: "FL Title Agent Lic. W512347", Specs: []string{"Residential closings", "Probate sales", "Short sales"}},
			{Name: "Andre Jackson", Title: "Business Development Manager", Rating: 47, Years: 7, License: "FL Title Agent Lic. W733902", Specs: []string{"Property profiles", "Farm lists", "Agent training"}},
			{Name: "Kimberly Tran", Title: "Escrow Officer", Rating: 48, Years: 10, License: "GA Title Lic. 3318842", Specs: []string{"Remote closings", "1031 exchanges"}, Location: "Atlanta, GA"},
		},
		QuestionSet: "settlement",
		Answers: []string{
			"We close in all 67 Florida counties and across metro Atlanta, with staffed offices in Tampa, Orlando, Sarasota and Alpharetta.",
			"Orders are opened within two business hours and commitments are typically issued in three to five business days.",
			"Yes. Mobile notaries meet clients at home or at work, and Florida remote online notarization is available for most transactions.",
			"Wiring instructions are only given through an encrypted portal with identity verification, and we call every payee back on a verified number before funds move.",
			"Agents rate us 4.8 out of 5 and mention clean, on-time closings; the latest reviews appear below.",
		},
		Content: []contentDef{
			{Type: "video_youtube", URL: "https://www.youtube.com/watch?v=pL2sW9xK4dM", Title: "What happens at a Florida closing", Featured: true},
			{Type: "document", URL: "/demo/content/bluewater-wire-fraud-flyer.pdf", Title: "Wire-fraud warning flyer for buyers"},
			{Type: "image", URL: "/demo/content/bluewater-closing-room.jpg", Title: "Our Tampa closing room"},
		},
		Age: 520,
	},
	{
		Slug: "cornerstone",
		Name: "Cornerstone Escrow Services",
		Desc: "Independent escrow company serving Orange County and the Inland Empire. We handle residential resale, new-construction and mobile signings with Spanish, Vietnamese and Mandarin-speaking officers.",
		Type: "escrow_company", City: "Irvine", State: "CA", Lat: 33.6846, Lng: -117.8265, Area: "949",
		Domain: "cornerstoneescrow", Hours: "Mon-Fri 8 AM - 5 PM PT",
		Status: "auto_approved", CoMarketing: 4, Campaigns: 19,
		ServiceStates: []string{"CA"}, LicenseStates: []string{"CA"},
		MLSAreas:    []string{"Orange County", "Inland Empire"},
		Specialties: []string{"Residential resale", "Mobile signings", "New construction", "Multilingual officers"},
		Radius:      80,
		Reps: []repDef{
			{Name: "Linh Pham", Title: "Senior Escrow Officer", Rating: 47, Years: 15, License: "CA DFPI Escrow Lic. 963-2214", Specs: []string{"Residential resale", "Vietnamese-speaking"}},
			{Name: "Rosa Gutierrez", Title: "Escrow Officer", Rating: 46, Years: 9, License: "CA DFPI Escrow Lic. 963-2290", Specs: []string{"Mobile signings", "Spanish-speaking"}, Location: "Riverside, CA"},
		},
		QuestionSet: "settlement",
		Answers: []string{
			"We serve Orange, Riverside, San Bernardino and Los Angeles counties from our Irvine and Riverside offices.",
			"Escrow is opened the same day we receive the contract; we order preliminary title reports from the title insurer of your choice within 24 hours.",
			"Our mobile signing team travels anywhere in Southern California, evenings and weekends included, at no extra charge inside Orange County.",
			"We never e-mail wiring instructions; clients receive them through a secure portal and confirm them by phone with their escrow officer.",
			"Agents like our bilingual officers and weekend signings; recent reviews are shown below.",
		},
		Content: []contentDef{
			{Type: "image", URL: "/demo/content/cornerstone-escrow-timeline.png", Title: "California escrow timeline"},
		},
		Age: 190,
	},
	{
		Slug: "keystone",
		Name: "Keystone Settlement Partners",
		Desc: "Settlement agent and title agency for Pennsylvania, New Jersey and Delaware, early adopter of remote online closings and e-recording.",
		Type: "settlement_agent", City: "Philadelphia", State: "PA", Lat: 39.9526, Lng: -75.1652, Area: "215",
		Domain: "keystonesettlement", Hours: "Mon-Fri 8 AM - 6 PM ET",
		Status: "approved", CoMarketing: 3, Campaigns: 22,
		ServiceStates: []string{"PA", "NJ", "DE"}, LicenseStates: []string{"PA", "NJ", "DE"},
		MLSAreas:    []string{"Greater Philadelphia", "South Jersey", "Lehigh Valley"},
		Specialties: []string{"Remote online closings", "E-recording", "Hybrid closings", "Estate sales"},
		Radius:      100,
		Reps: []repDef{
			{Name: "Patrick Donnelly", Title: "Settlement Agent", Rating: 46, Years: 13, License: "PA Title Agent Lic. 683201", Specs: []string{"Remote online closings", "Estate sales", "Hybrid closings"}},
		},
		QuestionSet: "settlement",
		Answers: []string{
			"We settle transactions throughout Pennsylvania, New Jersey and Delaware and hold title-agent licences in all three states.",
			"Orders opened before 2 PM are searched the same day; commitments are usually ready within four business days.",
			"Yes. Remote online closings are available wherever the lender allows them, and hybrid closings let sellers sign early from anywhere.",
			"Clients verify their identity with a knowledge-based check before they can view wiring instructions, and every outgoing wire is confirmed by phone.",
			"Agents value that out-of-state sellers can close without travelling; recent reviews appear below.",
		},
		Content: []contentDef{
			{Type: "video_youtube", URL: "https://www.youtube.com/shorts/Tq8mV1rH5gC", Title: "Closing from your couch in 60 seconds", Featured: true},
		},
		Age: 240,
	},
	{
		Slug:   "halewhitfield",
		Name:   "Hale & Whitfield Real Estate Law",
		NameEs: "Hale & Whitfield Derecho Inmobiliario",
		NameFr: "Hale & Whitfield Droit Immobilier",
		Desc: "Real estate law firm representing buyers, sellers, brokerages and agent teams in the Carolinas. " +
			"We close residential purchases, review contracts, draft team and independent-contractor agreements and advise on license-law questions.",
		DescEs: "Bufete de derecho inmobiliario que representa a compradores, vendedores, corredurías y equipos de agentes en las Carolinas. " +
			"Cerramos compras residenciales, revisamos contratos, redactamos acuerdos de equipo y de contratistas independientes y asesoramos sobre la ley de licencias.",
		DescFr: "Cabinet d'avocats en droit immobilier représentant acheteurs, vendeurs, agences et équipes d'agents dans les Carolines. " +
			"Nous concluons des achats résidentiels, examinons les contrats, rédigeons les conventions d'équipe et d'entrepreneur indépendant et conseillons sur le droit des licences.",
		Type: "real_estate_attorney", City: "Charlotte", State: "NC", Lat: 35.2271, Lng: -80.8431, Area: "704",
		Domain: "halewhitfieldlaw", Hours: "Mon-Fri 9 AM - 5:30 PM ET",
		Verified: true, Status: "approved", CoMarketing: 5, Campaigns: 31,
		ServiceStates: []string{"NC", "SC"}, LicenseStates: []string{"NC", "SC"},
		MLSAreas:    []string{"Charlotte Region", "Upstate South Carolina"},
		Specialties: []string{"Residential closings", "Contract review", "Team agreements", "License-law compliance", "Title disputes"},
		Radius:      150,
		Reps: []repDef{
			{Name: "Catherine Hale", Title: "Managing Partner", Rating: 50, Years: 21, License: "NC State Bar #24871", Specs: []string{"Title disputes", "Brokerage law", "Team agreements"}},
			{Name: "Jonathan Whitfield", Title: "Partner", Rating: 48, Years: 17, License: "SC Bar #77015", Specs: []string{"Residential closings", "New construction"}, Location: "Rock Hill, SC"},
			{Name: "Aisha Coleman", Title: "Associate Attorney", Rating: 47, Years: 5, License: "NC State Bar #55320", Specs: []string{"Contract review", "Landlord-tenant"}},
		},
		QuestionSet: "settlement",
		Answers: []string{
			"Our attorneys are licensed in North and South Carolina and close in every county of both states, with conference rooms in Charlotte and Rock Hill.",
			"Title searches are ordered the day we receive the contract and the commitment is usually issued within five business days.",
			"We offer mobile signings across the Charlotte region and remote signings for out-of-state sellers where the lender allows them.",
			"Wiring instructions are delivered only through our secure client portal, and our trust-account staff verbally confirm every disbursement.",
			"Agents appreciate plain-English answers and closings that start on time; the latest reviews are below.",
		},
		Content: []contentDef{
			{Type: "document", URL: "/demo/content/hale-team-agreement-checklist.pdf", Title: "Team agreement checklist", Featured: true},
			{Type: "video_vimeo", URL: "https://vimeo.com/812345670", Title: "Five contract clauses that cause delays"},
		},
		Age: 300,
	},
	{
		Slug:   "listingloop",
		Name:   "ListingLoop Media",
		NameEs: "ListingLoop Medios",
		NameFr: "ListingLoop Médias",
		Desc: "Listing photography, drone, cinematic video and 3D tours for agents across Arizona and Nevada. " +
			"Book online by noon and get edited photos the next morning, MLS-sized and branded versions included.",
		DescEs: "Fotografía de propiedades, dron, video cinematográfico y recorridos 3D para agentes en Arizona y Nevada. " +
			"Reserve en línea antes del mediodía y reciba las fotos editadas a la mañana siguiente, con versiones para el MLS y con su marca.",
		DescFr: "Photographie immobilière, drone, vidéo cinématographique et visites 3D pour les agents de l'Arizona et du Nevada. " +
			"Réservez en ligne avant midi et recevez les photos retouchées le lendemain matin, en formats MLS et à votre image.",
		Type: "photographer", City: "Phoenix", State: "AZ", Lat: 33.4484, Lng: -112.0740, Area: "602",
		Domain: "listingloopmedia", Hours: "7 days a week, 7 AM - 7 PM MT",
		Verified: true, Premium: true, OpenToPartner: true, Status: "approved",
		CoMarketing: 22, Campaigns: 140,
		ServiceStates: []string{"AZ", "NV"}, LicenseStates: []string{},
		MLSAreas:    []string{"Phoenix Metro", "Tucson", "Las Vegas Valley"},
		Specialties: []string{"HDR photography", "FAA Part 107 drone", "Cinematic video", "3D tours", "Twilight shoots", "Floor plans"},
		Radius:      90,
		Reps: []repDef{
			{Name: "Chris Navarro", Title: "Lead Photographer & Owner", Rating: 50, Years: 12, Specs: []string{"Luxury listings", "Twilight shoots", "Drone"}},
			{Name: "Jenna Park", Title: "Client Success Manager", Rating: 48, Years: 5, Specs: []string{"Scheduling", "Brokerage accounts"}},
			{Name: "Marcus Hill", Title: "Videographer", Rating: 47, Years: 7, Specs: []string{"Cinematic video", "Agent-on-camera reels"}, Location: "Las Vegas, NV"},
		},
		QuestionSet: "creative",
		Answers: []string{
			"Photos are delivered by 9 AM the next morning; video and 3D tours within 48 hours.",
			"We cover the Phoenix and Tucson metros and the Las Vegas Valley; shoots more than 40 miles from our hubs carry a flat $35 travel fee.",
			"Yes. Every order includes unbranded MLS versions and branded versions with your logo and contact details.",
			"Reschedule for free up to 12 hours before the shoot; each order includes one round of edit revisions.",
			"Agents rate our crew 4.9 out of 5 for punctuality and photo quality; see the latest reviews below.",
		},
		Content: []contentDef{
			{Type: "video_youtube", URL: "https://www.youtube.com/watch?v=nZ3kD7yB2aE", Title: "Scottsdale luxury listing film", Featured: true},
			{Type: "image", URL: "/demo/content/listingloop-twilight.jpg", Title: "Twilight exterior sample"},
			{Type: "image", URL: "/demo/content/listingloop-drone.jpg", Title: "Drone lot-line overlay sample"},
			{Type: "video_youtube", URL: "https://www.youtube.com/shorts/Wc5tG8jQ1oR", Title: "Agent intro reel"},
		},
		Age: 450,
	},
	{
		Slug: "lantern",
		Name: "Lantern Home Inspections",
		Desc: "Certified home inspectors serving the Twin Cities with next-day reports, pre-listing inspections, radon testing and sewer scopes.",
		Type: "inspector", City: "Minneapolis", State: "MN", Lat: 44.9778, Lng: -93.2650, Area: "612",
		Domain: "lanterninspections", Hours: "Mon-Sat 7 AM - 7 PM CT",
		Status: "approved", CoMarketing: 6, Campaigns: 18,
		ServiceStates: []string{"MN", "WI"}, LicenseStates: []string{},
		MLSAreas:    []string{"Twin Cities Metro", "Western Wisconsin"},
		Specialties: []string{"Pre-listing inspections", "Radon testing", "Sewer scopes", "New-construction phase inspections"},
		Radius:      60,
		Reps: []repDef{
			{Name: "Ben Lindqvist", Title: "Lead Inspector", Rating: 49, Years: 15, License: "ASHI Certified Inspector #254781", Specs: []string{"Older homes", "Radon testing", "Sewer scopes"}},
			{Name: "Carla Ruiz", Title: "Home Inspector", Rating: 46, Years: 4, License: "InterNACHI #21-884512", Specs: []string{"Condos", "New construction"}, NoPhoto: true},
		},
		QuestionSet: "services",
		Answers: []string{
			"A full top-to-bottom inspection with a photo report, plus optional radon, sewer scope, thermal imaging and mould sampling.",
			"Book online or by phone; we can usually inspect within two business days and reports arrive the same evening.",
			"Buyers and agents both receive the report link, and the inspector calls the buyer after the inspection to walk through the findings.",
			"Pricing is by square footage and shown before you book; the only add-ons are the optional tests you choose.",
			"Agents say our reports are thorough without being alarmist; recent reviews are shown below.",
		},
		Content: []contentDef{
			{Type: "document", URL: "/demo/content/lantern-sample-report.pdf", Title: "Sample inspection report", Featured: true},
		},
		Age: 150,
	},
	{
		Slug: "linenoak",
		Name: "Linen & Oak Staging",
		Desc: "Nashville staging studio with a 12,000 sq ft furniture warehouse. We stage vacant homes, refresh occupied ones and coach sellers on decluttering before photos.",
		Type: "stager", City: "Nashville", State: "TN", Lat: 36.1627, Lng: -86.7816, Area: "615",
		Domain: "linenandoakstaging", Hours: "Mon-Fri 9 AM - 5 PM CT",
		Status: "approved", CoMarketing: 3, Campaigns: 12,
		ServiceStates: []string{"TN", "KY"}, LicenseStates: []string{},
		MLSAreas:    []string{"Greater Nashville", "Bowling Green"},
		Specialties: []string{"Vacant staging", "Occupied staging", "Luxury homes", "Seller consultations"},
		Radius:      50,
		Reps: []repDef{
			{Name: "Whitney Carver", Title: "Founder & Lead Stager", Rating: 49, Years: 11, Specs: []string{"Luxury homes", "Vacant staging"}},
			{Name: "Olivia Grant", Title: "Staging Consultant", Rating: 47, Years: 3, Specs: []string{"Occupied staging", "Seller consultations"}},
		},
		QuestionSet: "creative",
		Answers: []string{
			"Consultations within three business days; vacant installs are usually scheduled within a week of signing.",
			"We cover Davidson, Williamson, Rutherford and Sumner counties; installs farther out carry a mileage fee quoted up front.",
			"Yes. We provide styled photos and a short before-and-after video you can post with your branding.",
			"You can move an install once without a fee with 48 hours' notice, and we will re-style any room you are not happy with.",
			"Agents say staged listings from us photograph beautifully and sell faster; recent reviews are shown below.",
		},
		Content: []contentDef{
			{Type: "image", URL: "/demo/content/linenoak-living-room.jpg", Title: "Before and after: Germantown living room", Featured: true},
			{Type: "image", URL: "/demo/content/linenoak-primary-suite.jpg", Title: "Primary suite staging"},
		},
		Age: 200,
	},
	{
		Slug:   "brightpath",
		Name:   "Brightpath Agent Marketing",
		NameEs: "Brightpath Marketing para Agentes",
		NameFr: "Brightpath Marketing pour Agents",
		Desc: "Full-service marketing agency for agents and teams: direct mail, paid social ads, listing presentations and personal branding. " +
			"Everything is produced in-house in Atlanta and shipped nationwide.",
		DescEs: "Agencia de marketing integral para agentes y equipos: correo directo, anuncios pagados en redes sociales, presentaciones de captación y marca personal. " +
			"Todo se produce en Atlanta y se envía a todo el país.",
		DescFr: "Agence de marketing complète pour agents et équipes : publipostage, publicités payantes sur les réseaux sociaux, présentations de mandat et image de marque. " +
			"Tout est produit à Atlanta et expédié partout aux États-Unis.",
		Type: "marketing_company", City: "Atlanta", State: "GA", Lat: 33.7490, Lng: -84.3880, Area: "404",
		Domain: "brightpathmarketing", Hours: "Mon-Fri 9 AM - 6 PM ET",
		Verified: true, Premium: true, OpenToPartner: true, Status: "approved",
		CoMarketing: 31, Campaigns: 486,
		ServiceStates: []string{"GA", "FL", "SC", "NC", "TN", "AL", "TX"}, LicenseStates: []string{},
		Specialties: []string{"Direct mail", "Facebook & Instagram ads", "Listing presentations", "Personal branding", "Geographic farming"},
		Radius:      0,
		Reps: []repDef{
			{Name: "Simone Carter", Title: "Account Director", Rating: 49, Years: 10, Specs: []string{"Team accounts", "Brand strategy", "Co-marketing"}},
			{Name: "Ethan Brooks", Title: "Paid Social Strategist", Rating: 47, Years: 6, Specs: []string{"Facebook & Instagram ads", "Lead forms"}},
			{Name: "Hannah Lee", Title: "Print Production Manager", Rating: 46, Years: 8, Specs: []string{"Postcards", "EDDM", "Farming"}},
			{Name: "Victor Alvarez", Title: "Bilingual Account Manager", Rating: 48, Years: 5, Specs: []string{"Spanish-language campaigns", "Co-branded mailers"}, Location: "Houston, TX"},
		},
		QuestionSet: "creative",
		Answers: []string{
			"Ads launch within 72 hours; print orders ship in five business days and design-only projects are delivered in three.",
			"We work nationwide. Mail is printed in Atlanta and entered at USPS facilities near your farm, so there are no travel fees.",
			"Yes. Every piece can carry your logo, your brokerage and, where compliant, a co-marketing partner, with the cost split by actual use.",
			"Designs include two rounds of revisions, and ad campaigns can be paused or edited any time from your dashboard.",
			"Agents have rated our campaigns 4.8 out of 5; the most recent reviews are below.",
		},
		Content: []contentDef{
			{Type: "video_youtube", URL: "https://www.youtube.com/watch?v=fM9pS4vL6hU", Title: "Anatomy of a farming postcard that works", Featured: true},
			{Type: "image", URL: "/demo/content/brightpath-postcard.jpg", Title: "Just Sold postcard sample"},
			{Type: "image", URL: "/demo/content/brightpath-ad-results.png", Title: "Sample ad results dashboard"},
			{Type: "document", URL: "/demo/content/brightpath-media-kit.pdf", Title: "2025 media kit"},
		},
		Age: 600,
	},
	{
		Slug:   "nestflow",
		Name:   "NestFlow CRM",
		NameEs: "NestFlow CRM",
		NameFr: "NestFlow CRM",
		Desc:   "NestFlow is a real estate CRM with built-in texting, AI follow-up and a mobile app designed for agents who would rather sell than do data entry.",
		DescEs: "NestFlow es un CRM inmobiliario con mensajes de texto integrados, seguimiento con IA y una aplicación móvil diseñada para agentes que prefieren vender en lugar de capturar datos.",
		DescFr: "NestFlow est un CRM immobilier avec textos intégrés, relances par IA et une application mobile conçue pour les agents qui préfèrent vendre plutôt que saisir des données.",
		Type:   "software_provider", City: "Salt Lake City", State: "UT", Lat: 40.7608, Lng: -111.8910, Area: "801",
		Domain: "nestflowcrm", Hours: "24/7 chat support, phone Mon-Fri 7 AM - 7 PM MT",
		Verified: true, Premium: true, Status: "approved",
		CoMarketing: 0, Campaigns: 0,
		ServiceStates: []string{}, LicenseStates: []string{},
		Specialties: []string{"CRM", "Texting", "AI follow-up", "Team lead routing", "Mobile app"},
		NoLocalRep:  true,
		Reps: []repDef{
			{Name: "Kyle Jensen", Title: "Onboarding Specialist", Rating: 48, Years: 4, Specs: []string{"Data migration", "Team setup"}},
			{Name: "Amber Howell", Title: "Customer Success Lead", Rating: 47, Years: 6, Specs: []string{"Automations", "Brokerage accounts"}},
		},
		QuestionSet: "software",
		Answers: []string{
			"NestFlow syncs with most MLS systems through IDX feeds and imports contacts from spreadsheets and other popular CRMs; Zapier covers the rest.",
			"Solo agents are live the same day; teams get a guided migration and training call within the first week.",
			"Plans are month to month and you can cancel anytime from the billing page; annual plans get two months free.",
			"Data is encrypted in transit and at rest, hosted in US data centres and never sold or shared with other agents.",
			"Agents on NestFlow reply to new leads in under five minutes on average and report 25-40% more appointments within 90 days.",
		},
		Content: []contentDef{
			{Type: "video_youtube", URL: "https://www.youtube.com/embed/Jx1bN7qT3eY", Title: "NestFlow in 3 minutes", Featured: true},
			{Type: "image", URL: "/demo/content/nestflow-pipeline.png", Title: "Pipeline board"},
		},
		Age: 380,
	},
	{
		Slug:   "closingbell",
		Name:   "ClosingBell Transaction Services",
		NameEs: "ClosingBell Servicios de Transacción",
		NameFr: "ClosingBell Services de Transaction",
		Desc:   "Licensed transaction coordinators who manage your files from executed contract to closing table, plus listing coordination and compliance audits for brokerages.",
		DescEs: "Coordinadores de transacciones con licencia que gestionan sus expedientes desde el contrato firmado hasta el cierre, además de coordinación de listados y auditorías de cumplimiento para corredurías.",
		DescFr: "Coordonnateurs de transactions agréés qui gèrent vos dossiers du contrat signé jusqu'à la signature finale, ainsi que la coordination des inscriptions et des audits de conformité pour les agences.",
		Type:   "service_provider", City: "Raleigh", State: "NC", Lat: 35.7796, Lng: -78.6382, Area: "919",
		Domain: "closingbelltc", Hours: "Mon-Fri 8 AM - 6 PM ET, Sat 10 AM - 2 PM ET",
		Verified: true, OpenToPartner: true, Status: "approved",
		CoMarketing: 7, Campaigns: 40,
		ServiceStates: []string{"NC", "SC", "VA", "GA", "TN", "FL"}, LicenseStates: []string{"NC", "SC"},
		Specialties: []string{"Contract-to-close", "Listing coordination", "Compliance audits", "Dotloop & SkySlope"},
		Radius:      0,
		Reps: []repDef{
			{Name: "Nicole Bradford", Title: "Founder & Lead Transaction Coordinator", Rating: 50, Years: 12, License: "NC Broker Lic. 298114", Specs: []string{"Contract-to-close", "Team workflows", "New construction"}},
			{Name: "Jasmine Ford", Title: "Transaction Coordinator", Rating: 48, Years: 6, Specs: []string{"Listing coordination", "MLS entry"}},
			{Name: "Ryan Mercer", Title: "Transaction Coordinator", Rating: 47, Years: 4, Specs: []string{"Buyer files", "Compliance audits"}, Location: "Charleston, SC"},
		},
		QuestionSet: "services",
		Answers: []string{
			"We open the file, build the timeline, chase every deadline, coordinate lender, title and inspectors, collect signatures and keep your broker file audit-ready.",
			"Send us an executed contract and we take it from there; new clients are set up in one business day.",
			"You get a kickoff e-mail, a weekly status summary and a text whenever a deadline is near. We introduce ourselves to your clients under your brand.",
			"A flat fee per file, charged at closing. If the deal does not close, you pay nothing.",
			"Agents rate us 4.9 out of 5 and say they got their evenings back; see the latest reviews below.",
		},
		Content: []contentDef{
			{Type: "video_youtube", URL: "https://youtu.be/uK6wR2zP8cI", Title: "A day in the life of your TC", Featured: true},
			{Type: "document", URL: "/demo/content/closingbell-intake-form.pdf", Title: "New file intake form"},
			{Type: "image", URL: "/demo/content/closingbell-timeline.png", Title: "Sample closing timeline"},
		},
		Age: 330,
	},
	{
		Slug: "porchlight",
		Name: "Porchlight Gifting Co.",
		Desc: "Closing gifts and pop-by kits that clients actually keep: engraved cutting boards, local coffee, seasonal treats and handwritten notes, shipped or delivered to your office.",
		Type: "service_provider", City: "Columbus", State: "OH", Lat: 39.9612, Lng: -82.9988, Area: "614",
		Domain: "porchlightgifting", Hours: "Mon-Fri 9 AM - 5 PM ET",
		Status: "approved", CoMarketing: 2, Campaigns: 9,
		ServiceStates: []string{"OH", "IN", "MI", "KY", "PA"}, LicenseStates: []string{},
		Specialties: []string{"Closing gifts", "Pop-by kits", "Engraving", "Client anniversaries"},
		Radius:      0,
		Reps: []repDef{
			{Name: "Emily Hartman", Title: "Owner & Gift Curator", Rating: 49, Years: 8, Specs: []string{"Closing gifts", "Engraving", "Brokerage programs"}},
		},
		QuestionSet: "services",
		Answers: []string{
			"Curated gift boxes, monthly pop-by kits, engraved keepsakes and an autopilot programme that remembers your clients' home anniversaries.",
			"Pick a box, upload your logo and we ship within three business days. Autopilot programmes take about a week to set up.",
			"We e-mail tracking numbers for every gift, and clients receive a printed note in your name.",
			"Prices include the gift, packaging and a handwritten card; shipping is quoted at checkout, with free shipping on ten or more boxes.",
			"Agents say our boxes get photographed and posted by clients; recent reviews are below.",
		},
		Content: []contentDef{
			{Type: "image", URL: "/demo/content/porchlight-closing-box.jpg", Title: "The Welcome Home box", Featured: true},
			{Type: "video_youtube", URL: "https://www.youtube.com/shorts/gH4mA9dF5sO", Title: "Unboxing the fall pop-by kit"},
		},
		Age: 170,
	},
	{
		Slug: "signcraft",
		Name: "SignCraft Realty Signs",
		Desc: "Yard signs, riders, directional signs and post installation across Greater Houston, with bilingual English and Spanish designs.",
		Type: "marketing_company", City: "Houston", State: "TX", Lat: 29.7604, Lng: -95.3698, Area: "713",
		Domain: "signcraftrealty", Hours: "Mon-Fri 7 AM - 5 PM CT",
		Status: "auto_approved", CoMarketing: 1, Campaigns: 4,
		ServiceStates: []string{"TX"}, LicenseStates: []string{},
		MLSAreas:    []string{"Greater Houston", "Galveston County"},
		Specialties: []string{"Yard signs", "Bilingual signage", "Post installation", "Open house directionals"},
		Radius:      70,
		Reps: []repDef{
			{Name: "Miguel Sandoval", Title: "Owner", Rating: 46, Years: 18, Specs: []string{"Sign installation", "Bilingual design"}},
			{Name: "Kayla Nguyen", Title: "Design Coordinator", Rating: 44, Years: 2, Specs: []string{"Sign design", "Riders"}, NoPhoto: true},
		},
		Content: []contentDef{
			{Type: "image", URL: "/demo/content/signcraft-bilingual-sign.jpg", Title: "Bilingual open house sign"},
		},
		Age: 95,
	},
	{
		Slug: "dialwise",
		Name: "DialWise Virtual Assistants",
		Desc: "Trained inside sales agents, virtual assistants and a triple-line dialer for agents and teams. Bilingual ISAs available for Spanish-speaking markets.",
		Type: "service_provider", City: "Orlando", State: "FL", Lat: 28.5383, Lng: -81.3792, Area: "407",
		Domain: "dialwiseva", Hours: "Mon-Sat 8 AM - 8 PM ET",
		Status: "approved", CoMarketing: 0, Campaigns: 0,
		ServiceStates: []string{}, LicenseStates: []string{},
		Specialties: []string{"Inside sales agents", "Virtual assistants", "Power dialer", "Bilingual calling", "Lead qualification"},
		Reps: []repDef{
			{Name: "Brianna Scott", Title: "ISA Program Manager", Rating: 47, Years: 7, Specs: []string{"Lead qualification", "Scripts", "Team onboarding"}},
			{Name: "Mateo Rivera", Title: "Bilingual ISA Lead", Rating: 46, Years: 5, Specs: []string{"Spanish-language calling", "Expired listings"}},
			{Name: "Grace Holloway", Title: "VA Placement Coordinator", Rating: 45, Years: 3, Specs: []string{"Virtual assistants", "Admin support"}},
		},
		QuestionSet: "services",
		Answers: []string{
			"US-based ISAs who call and text your leads, a placed virtual assistant for admin work and a triple-line dialer with local caller ID.",
			"A 30-minute kickoff call to learn your scripts and CRM; calling usually starts within five business days.",
			"Appointments go straight onto your calendar and into your CRM, and you get a weekly scorecard of calls, contacts and appointments.",
			"A flat monthly price per seat with no setup fee; the dialer bills separately and can be cancelled monthly.",
			"Agents report two to four extra appointments a week from old leads; recent reviews are below.",
		},
		Content: []contentDef{
			{Type: "video_youtube", URL: "https://youtu.be/Ye7nC3kV0tB", Title: "Listen to a real ISA call", Featured: true},
		},
		Age: 260,
	},
	{
		Slug: "coastalshield",
		Name: "Coastal Shield Home Warranty",
		Desc: "Home warranty plans for buyers and sellers in California, Arizona and Nevada, with free seller coverage during the listing period and a 48-hour service promise.",
		Type: "general", City: "San Diego", State: "CA", Lat: 32.7157, Lng: -117.1611, Area: "619",
		Domain: "coastalshieldwarranty", Hours: "Claims 24/7, sales Mon-Fri 8 AM - 5 PM PT",
		Status: "approved", OpenToPartner: true, CoMarketing: 8, Campaigns: 27,
		ServiceStates: []string{"CA", "AZ", "NV"}, LicenseStates: []string{"CA", "AZ", "NV"},
		Specialties: []string{"Buyer warranties", "Seller listing coverage", "HVAC coverage", "Pool & spa add-ons"},
		Reps: []repDef{
			{Name: "Monica Fields", Title: "Account Executive", Rating: 47, Years: 9, License: "CA Home Protection Lic. 0K48213", Specs: []string{"Seller coverage", "Brokerage training", "Claims help"}},
			{Name: "Derrick Owens", Title: "Account Executive", Rating: 45, Years: 4, License: "AZ Service Contract Lic. 1102337", Specs: []string{"Buyer warranties", "New construction"}, Location: "Phoenix, AZ"},
		},
		QuestionSet: "services",
		Answers: []string{
			"Plans cover major systems and appliances, with optional pool, spa, well pump and roof-leak add-ons.",
			"Order online or through escrow; coverage starts at close of escrow, and seller coverage starts the day the listing goes live.",
			"Your clients can file claims 24/7 by phone or app, and you are copied on claim status if you opt in.",
			"The plan price is paid through escrow with a flat service fee per claim. There are no inspections or hidden cancellation fees.",
			"Agents like the fast technician dispatch and free seller coverage; recent reviews are below.",
		},
		Content: []contentDef{
			{Type: "document", URL: "/demo/content/coastalshield-plan-comparison.pdf", Title: "Plan comparison chart", Featured: true},
		},
		Age: 280,
	},
	{
		Slug: "hearthstone",
		Name: "Hearthstone Moving & Storage",
		Desc: "Family-run movers with climate-controlled storage and portable containers. We handle client moves, staging furniture transport and pre-listing decluttering in the Kansas City area.",
		Type: "general", City: "Kansas City", State: "MO", Lat: 39.0997, Lng: -94.5786, Area: "816",
		Domain: "hearthstonemoving", Hours: "Mon-Sat 7 AM - 6 PM CT",
		Status: "approved", CoMarketing: 1, Campaigns: 3,
		ServiceStates: []string{"MO", "KS"}, LicenseStates: []string{"MO", "KS"},
		MLSAreas:    []string{"Kansas City Metro"},
		Specialties: []string{"Local moves", "Portable storage", "Packing", "Senior moves"},
		Radius:      60,
		Reps: []repDef{
			{Name: "Doug Reinhardt", Title: "Owner", Rating: 48, Years: 25, License: "USDOT 3102287", Specs: []string{"Local moves", "Senior moves", "Estate clean-outs"}},
			{Name: "Tiffany Marsh", Title: "Move Coordinator", Rating: 46, Years: 6, Specs: []string{"Scheduling", "Portable storage"}},
		},
		QuestionSet: "services",
		Answers: []string{
			"Local and regional moves, packing, climate-controlled storage and portable containers delivered to the driveway.",
			"Call or book online for a free video estimate; most moves are scheduled within one to two weeks.",
			"Your client gets a dedicated move coordinator, and we text them the crew's arrival window the evening before.",
			"Estimates are binding, with no fuel surcharges or stair fees added on moving day.",
			"Agents trust us with their clients' moves and say we make them look good; recent reviews are below.",
		},
		Age: 130,
	},
	{
		Slug: "wellspring",
		Name: "Wellspring Agent Health Alliance",
		Desc: "Licensed health insurance agency for self-employed real estate professionals: individual and family medical plans, dental, vision, disability and telehealth, quoted in one conversation.",
		Type: "general", City: "Scottsdale", State: "AZ", Lat: 33.4942, Lng: -111.9261, Area: "480",
		Domain: "wellspringagenthealth", Hours: "Mon-Fri 7 AM - 6 PM MT",
		Status: "approved", CoMarketing: 0, Campaigns: 0,
		ServiceStates: []string{"AZ", "TX", "FL", "GA", "NC", "TN", "CO", "NV"}, LicenseStates: []string{"AZ", "TX", "FL", "GA", "NC", "TN", "CO", "NV"},
		Specialties: []string{"Individual health plans", "Family coverage", "Dental & vision", "Disability insurance", "HSA-eligible plans"},
		Reps: []repDef{
			{Name: "Lisa Marchetti", Title: "Licensed Benefits Advisor", Rating: 49, Years: 14, License: "AZ Insurance Producer Lic. 18732904", Specs: []string{"Family coverage", "HSA plans", "Marketplace plans"}},
			{Name: "Jamal Peters", Title: "Licensed Benefits Advisor", Rating: 47, Years: 6, License: "TX Insurance Lic. 2466013", Specs: []string{"Disability insurance", "Dental & vision"}, Location: "Dallas, TX"},
			{Name: "Sofia Herrera", Title: "Bilingual Benefits Advisor", Rating: 48, Years: 8, License: "FL Insurance Lic. W271903", Specs: []string{"Spanish-speaking", "Individual plans"}, Location: "Miami, FL"},
		},
		QuestionSet: "services",
		Answers: []string{
			"We compare individual and family medical plans, dental, vision, disability income insurance and telehealth memberships from several carriers.",
			"Book a 20-minute call; you will have side-by-side quotes the same day and can enrol online.",
			"Your advisor stays with you year-round by phone, text or e-mail, including at renewal and when you have a claim question.",
			"Our advice is free; we are paid by the carriers and premiums are the same as buying direct.",
			"Agents say we made health coverage simple for the first time since they left a W-2 job; recent reviews are below.",
		},
		Content: []contentDef{
			{Type: "video_youtube", URL: "https://www.youtube.com/watch?v=Xk3pQ9vLm2A", Title: "Health insurance for 1099 agents explained", Featured: true},
		},
		Age: 140,
	},
	{
		Slug: "mindfulcloser",
		Name: "Mindful Closer Coaching",
		Desc: "Business and wellbeing coaching for agents who want a bigger business without burning out. Certified coaches who are also former top-producing agents.",
		Type: "service_provider", City: "Boulder", State: "CO", Lat: 40.0150, Lng: -105.2705, Area: "720",
		Domain: "mindfulcloser", Hours: "Sessions Mon-Sat 7 AM - 8 PM MT",
		Status: "approved", CoMarketing: 0, Campaigns: 0,
		ServiceStates: []string{}, LicenseStates: []string{},
		Specialties: []string{"Business planning", "Burnout recovery", "Accountability", "Team building", "Fitness & nutrition"},
		Reps: []repDef{
			{Name: "Rebecca Stone", Title: "Head Coach", Rating: 50, Years: 16, Specs: []string{"Business planning", "Team building", "Former team leader"}},
			{Name: "Andrew Kim", Title: "Performance Coach", Rating: 48, Years: 7, Specs: []string{"Burnout recovery", "Time blocking"}},
			{Name: "Tanya Osei", Title: "Wellness Coach", Rating: 47, Years: 9, Specs: []string{"Fitness & nutrition", "Sleep", "Stress"}},
		},
		QuestionSet: "services",
		Answers: []string{
			"Weekly 1:1 or small-group coaching calls, a business plan built around your numbers, and accountability check-ins between calls.",
			"Start with a free 30-minute strategy call; coaching begins the following week.",
			"You meet your coach by video each week and can message them between sessions in our app.",
			"Flat monthly pricing with no long-term contract; cancel with 30 days' notice.",
			"Agents say they grew production while working fewer evenings; recent reviews are below.",
		},
		Content: []contentDef{
			{Type: "video_youtube", URL: "https://www.youtube.com/watch?v=kP5zR8mW2nQ", Title: "The 4-hour CEO day for agents", Featured: true},
			{Type: "document", URL: "/demo/content/mindfulcloser-business-plan.pdf", Title: "One-page business plan template"},
		},
		Age: 220,
	},
	{
		Slug:   "pixelroof",
		Name:   "PixelRoof AI",
		NameEs: "PixelRoof IA",
		NameFr: "PixelRoof IA",
		Desc:   "AI tools for listing marketing: virtual staging in minutes, MLS-ready listing descriptions and photo-to-video reels, built for agents and brokerages.",
		DescEs: "Herramientas de IA para el marketing de propiedades: decoración virtual en minutos, descripciones listas para el MLS y videos cortos a partir de fotos, creadas para agentes y corredurías.",
		DescFr: "Outils d'IA pour le marketing immobilier : home staging virtuel en quelques minutes, descriptions prêtes pour le MLS et vidéos courtes à partir de photos, conçus pour les agents et les agences.",
		Type:   "software_provider", City: "San Francisco", State: "CA", Lat: 37.7749, Lng: -122.4194, Area: "415",
		Domain: "pixelroof", Hours: "24/7 chat support",
		Verified: true, Status: "auto_approved",
		CoMarketing: 0, Campaigns: 0,
		ServiceStates: []string{}, LicenseStates: []string{},
		Specialties: []string{"Virtual staging", "AI listing descriptions", "Photo-to-video", "Fair-housing checks"},
		NoLocalRep:  true,
		Reps: []repDef{
			{Name: "Nina Sato", Title: "Customer Success Manager", Rating: 47, Years: 3, Specs: []string{"Brokerage rollouts", "Virtual staging"}},
		},
		QuestionSet: "software",
		Answers: []string{
			"PixelRoof works with photos from any source; listing descriptions can be copied into any MLS, and brokerages can connect via our API.",
			"You can stage your first photo in five minutes; brokerage rollouts include a 30-minute team training.",
			"Pay per photo with no subscription, or choose a monthly plan you can cancel anytime.",
			"Photos and listing data are stored encrypted, never used to train public models and deleted on request.",
			"Agents say staged photos raise online views by a third and cut days on market for vacant homes.",
		},
		Content: []contentDef{
			{Type: "video_youtube", URL: "https://www.youtube.com/shorts/cT4hL9wE3rX", Title: "Empty room to staged in 30 seconds", Featured: true},
			{Type: "image", URL: "/demo/content/pixelroof-before-after.jpg", Title: "Before and after virtual staging"},
		},
		Age: 60,
	},
	{
		Slug: "parceliq",
		Name: "ParcelIQ Analytics",
		Desc: "Property data and predictive analytics for agents: hyperlocal market reports, CMA tools and likely-to-sell scores built from public records and MLS history.",
		Type: "software_provider", City: "Seattle", State: "WA", Lat: 47.6062, Lng: -122.3321, Area: "206",
		Domain: "parceliq", Hours: "Mon-Fri 6 AM - 6 PM PT",
		Status: "approved", CoMarketing: 0, Campaigns: 0,
		ServiceStates: []string{}, LicenseStates: []string{},
		Specialties: []string{"Market reports", "Predictive seller scores", "CMA", "Public-record data"},
		Reps: []repDef{
			{Name: "Owen Gallagher", Title: "Solutions Engineer", Rating: 46, Years: 8, Specs: []string{"Data integrations", "Brokerage dashboards"}},
			{Name: "Priyanka Desai", Title: "Account Manager", Rating: 45, Years: 5, Specs: []string{"Market reports", "Onboarding"}, NoPhoto: true},
		},
		QuestionSet: "software",
		Answers: []string{
			"We load MLS history from 80+ MLSs plus county public records, and export contacts to most CRMs through CSV or Zapier.",
			"Accounts are live immediately; predictive scores for your farm are ready within 48 hours.",
			"All plans are monthly with no contract.",
			"We only use public-record and licensed MLS data and never resell the contacts you upload.",
			"Agents using predictive scores in their farms report 1.5 to 2 times more listing appointments from the same mail budget.",
		},
		Age: 110,
	},
	{
		Slug: "licensepro",
		Name: "LicensePro CE Academy",
		Desc: "Online continuing education and pre-licensing courses approved in Texas, Florida, Georgia and Arizona, with mobile-friendly video lessons.",
		Type: "service_provider", City: "Dallas", State: "TX", Lat: 32.7767, Lng: -96.7970, Area: "214",
		Domain: "licenseproacademy", Hours: "Mon-Fri 8 AM - 5 PM CT",
		Status: "pending", CoMarketing: 0, Campaigns: 0,
		ServiceStates: []string{"TX", "FL", "GA", "AZ"}, LicenseStates: []string{"TX", "FL", "GA", "AZ"},
		Specialties: []string{"Continuing education", "Pre-licensing", "Fair housing", "Ethics"},
		Reps: []repDef{
			{Name: "Gloria Pierce", Title: "Director of Education", Rating: 45, Years: 20, License: "TREC Instructor #0718", Specs: []string{"Pre-licensing", "Contracts", "Ethics"}},
		},
		Age: 5,
	},
	{
		Slug: "freshstart",
		Name: "FreshStart Move-Out Cleaning",
		Desc: "Move-in and move-out deep cleaning for listings and rentals in the Sacramento area.",
		Type: "cleaning_service", City: "Sacramento", State: "CA", Lat: 38.5816, Lng: -121.4944, Area: "916",
		Domain: "freshstartcleaning", Hours: "Mon-Sat 8 AM - 6 PM PT",
		Status: "rejected", CoMarketing: 0, Campaigns: 0,
		ServiceStates: []string{"CA"}, LicenseStates: []string{},
		Specialties: []string{"Move-out cleaning", "Carpet cleaning", "Window washing"},
		Radius:      40,
		Reps: []repDef{
			{Name: "Angela Brooks", Title: "Owner", Rating: 41, Years: 3, Specs: []string{"Move-out cleaning"}},
		},
		QuestionSet: "services",
		Answers: []string{
			"A top-to-bottom deep clean including inside appliances, cabinets, baseboards and windows.",
			"Book online; we usually have openings within three days.",
			"We text before we arrive and send photos when we finish.",
			"Priced by square footage; carpets and windows are add-ons.",
			"Agents say the homes are photo-ready when we leave.",
		},
		NoCalendar: true,
		Age:        45,
	},
	{
		Slug: "fixright",
		Name: "FixRight Pre-Listing Repairs",
		Desc: "Handyman crews that work through inspection and pre-listing repair lists in the Indianapolis metro.",
		Type: "handyman", City: "Indianapolis", State: "IN", Lat: 39.7684, Lng: -86.1581, Area: "317",
		Domain: "fixrightrepairs", Hours: "Mon-Fri 7 AM - 4 PM ET",
		Status: "approved", Inactive: true, CoMarketing: 0, Campaigns: 0,
		ServiceStates: []string{"IN"}, LicenseStates: []string{},
		Specialties: []string{"Punch lists", "Inspection repairs", "Drywall & paint"},
		Radius:      35,
		Reps: []repDef{
			{Name: "Scott Maddox", Title: "Owner", Rating: 42, Years: 10, Specs: []string{"Inspection repairs", "Drywall & paint"}},
		},
		QuestionSet: "services",
		Answers: []string{
			"Small repairs from inspection reports and pre-listing punch lists: caulking, drywall, paint, fixtures and minor plumbing.",
			"Send the list; we quote within one business day and schedule within a week.",
			"We send before-and-after photos for every item on the list.",
			"Fixed quote per list, no trip charges.",
			"Agents like that we finish before the re-inspection deadline.",
		},
		NoCalendar: true,
		Age:        380,
	},
	{
		Slug: "keynest",
		Name: "KeyNest Lockbox Supply",
		Desc: "Bluetooth and combination lockboxes for sale or rent, with showing-access logs and shipping to all 50 states.",
		Type: "general", City: "Boise", State: "ID", Lat: 43.6150, Lng: -116.2023, Area: "208",
		Domain: "keynestsupply", NoWebsite: true, Hours: "Mon-Fri 8 AM - 4 PM MT",
		Status: "approved", CoMarketing: 0, Campaigns: 0,
		ServiceStates: []string{}, LicenseStates: []string{},
		Specialties: []string{"Bluetooth lockboxes", "Combination lockboxes", "Lockbox rentals"},
		Reps: []repDef{
			{Name: "Travis Cole", Title: "Sales Manager", Rating: 44, Years: 6, Specs: []string{"Brokerage orders", "Lockbox rentals"}, NoPhoto: true},
		},
		NoCalendar: true,
		Age:        75,
	},
	{
		Slug: "welcomemat",
		Name: "Welcome Mat Event Co.",
		Desc: "Event kits and planning for agents who host: client appreciation parties, café-style open houses, homebuyer seminars and neighbourhood block parties in the Carolinas and Georgia.",
		Type: "service_provider", City: "Charleston", State: "SC", Lat: 32.7765, Lng: -79.9311, Area: "843",
		Domain: "welcomematevents", Hours: "Tue-Sat 10 AM - 6 PM ET",
		Status: "approved", OpenToPartner: true, CoMarketing: 6, Campaigns: 23,
		ServiceStates: []string{"SC", "NC", "GA"}, LicenseStates: []string{},
		Specialties: []string{"Client appreciation events", "Open house kits", "Homebuyer seminars", "Block parties", "Event rentals"},
		Radius:      120,
		Reps: []repDef{
			{Name: "Charlotte Beaumont", Title: "Lead Event Planner", Rating: 49, Years: 10, Specs: []string{"Client appreciation events", "Venue sourcing"}},
			{Name: "DeShawn Price", Title: "Event Coordinator", Rating: 47, Years: 4, Specs: []string{"Open house kits", "Seminars"}, Location: "Savannah, GA"},
		},
		QuestionSet: "services",
		Answers: []string{
			"Ready-to-host kits with décor, signage, printed invitations and checklists, or full planning where we run the event for you.",
			"Kits ship in five business days; full-service events need about four weeks' notice.",
			"Your planner sets up a shared checklist and we handle RSVPs in your name.",
			"Kits are a flat price; full-service events are quoted per guest with no surprise fees.",
			"Agents say events from us generate referrals for months; recent reviews are below.",
		},
		Content: []contentDef{
			{Type: "image", URL: "/demo/content/welcomemat-cafe-open-house.jpg", Title: "Café-style open house set-up", Featured: true},
			{Type: "video_youtube", URL: "https://www.youtube.com/watch?v=vB8xN2qL5pM", Title: "Client appreciation night recap"},
			{Type: "document", URL: "/demo/content/welcomemat-event-checklist.pdf", Title: "Event planning checklist"},
		},
		Age: 160,
	},
	{
		Slug: "cedarpine",
		Name: "Cedar & Pine Web Studio",
		Desc: "Agent and team websites with IDX search, single-property sites and local SEO, designed and hosted by a small Portland studio.",
		Type: "marketing_company", City: "Portland", State: "OR", Lat: 45.5152, Lng: -122.6784, Area: "503",
		Domain: "cedarpineweb", Hours: "Mon-Fri 9 AM - 5 PM PT",
		Status: "approved", CoMarketing: 0, Campaigns: 0,
		ServiceStates: []string{}, LicenseStates: []string{},
		Specialties: []string{"IDX websites", "Local SEO", "Google Business Profile", "Single-property sites"},
		Reps: []repDef{
			{Name: "Isaac Thornton", Title: "Founder & Web Designer", Rating: 48, Years: 13, Specs: []string{"IDX websites", "Brand design"}},
			{Name: "Maya Lindgren", Title: "SEO Strategist", Rating: 46, Years: 6, Specs: []string{"Local SEO", "Google Business Profile"}},
		},
		QuestionSet: "creative",
		Answers: []string{
			"Template sites launch in five business days, custom sites in three to four weeks; single-property sites go live the same day.",
			"We are fully remote and serve agents in every state; there are no travel fees.",
			"Yes. Your site is on your own domain with your branding; we only add a small credit in the footer, which you can remove.",
			"Design includes two revision rounds, and content edits after launch are unlimited on managed plans.",
			"Agents say their sites finally generate leads instead of just looking nice; recent reviews are below.",
		},
		Content: []contentDef{
			{Type: "image", URL: "/demo/content/cedarpine-site-mockup.jpg", Title: "Team website mock-up", Featured: true},
		},
		Age: 210,
	},
	{
		Slug: "brickyard",
		Name: "Brickyard Renovation Group",
		Desc: "Licensed general contractor for pre-listing renovations: paint, flooring, kitchens and curb appeal, with a pay-at-closing option so sellers spend nothing up front.",
		Type: "contractor", City: "San Antonio", State: "TX", Lat: 29.4241, Lng: -98.4936, Area: "210",
		Domain: "brickyardrenovation", Hours: "Mon-Fri 7 AM - 5 PM CT, Sat by appointment",
		Status: "approved", OpenToPartner: true, CoMarketing: 4, Campaigns: 11,
		ServiceStates: []string{"TX"}, LicenseStates: []string{"TX"},
		MLSAreas:    []string{"Greater San Antonio", "Hill Country"},
		Specialties: []string{"Pre-listing renovations", "Paint & flooring", "Kitchen refresh", "Curb appeal", "Pay-at-closing projects"},
		Radius:      75,
		Reps: []repDef{
			{Name: "Ray Villarreal", Title: "Owner & General Contractor", Rating: 47, Years: 20, License: "San Antonio GC Reg. #RG-10482", Specs: []string{"Kitchen refresh", "Project estimates", "Spanish-speaking"}},
			{Name: "Holly Brennan", Title: "Project Manager", Rating: 46, Years: 8, Specs: []string{"Paint & flooring", "Scheduling", "Seller updates"}},
		},
		QuestionSet: "services",
		Answers: []string{
			"A walkthrough with you and the seller, a fixed-price scope for the updates that matter to buyers, and a crew that finishes before the photo date.",
			"We walk the home within three business days and most projects start the following week.",
			"Sellers get a shared project board with daily photos, and you get a text at each milestone.",
			"Fixed-price quotes with no change orders unless the seller adds work; pay-at-closing projects carry a flat 6% fee.",
			"Agents say we turn dated listings into the best-looking house on the street; recent reviews are below.",
		},
		Content: []contentDef{
			{Type: "image", URL: "/demo/content/brickyard-kitchen-refresh.jpg", Title: "Kitchen refresh in 6 days", Featured: true},
			{Type: "video_youtube", URL: "https://www.youtube.com/watch?v=Rz5Tx8Cv1Bn", Title: "Pre-listing makeover walkthrough"},
		},
		Age: 180,
	},
	{
		Slug: "ledgerline",
		Name: "Ledgerline Agent Books",
		Desc: "Bookkeeping, quarterly tax estimates and commission-advance referrals for self-employed agents and small teams.",
		Type: "service_provider", City: "Richmond", State: "VA", Lat: 37.5407, Lng: -77.4360, Area: "804",
		Domain: "ledgerlinebooks", Hours: "Mon-Fri 9 AM - 5 PM ET",
		Status: "auto_approved", CoMarketing: 0, Campaigns: 0,
		ServiceStates: []string{}, LicenseStates: []string{"VA"},
		Specialties: []string{"Bookkeeping", "Quarterly tax estimates", "Mileage tracking", "Team commission splits"},
		Reps: []repDef{
			{Name: "Harold Jennings", Title: "CPA & Founder", Rating: 48, Years: 23, License: "VA CPA Lic. 0407031188", Specs: []string{"Tax planning", "S-corp elections", "Team splits"}},
			{Name: "Brittany Cho", Title: "Senior Bookkeeper", Rating: 47, Years: 7, Specs: []string{"Bookkeeping", "Expense tracking"}},
		},
		QuestionSet: "services",
		Answers: []string{
			"Monthly bookkeeping, categorised expenses, mileage logs, quarterly tax estimates and a year-end package for your tax preparer.",
			"Connect your bank accounts and we catch up the current year within two weeks.",
			"A monthly summary e-mail, a shared dashboard and a quarterly call before each estimated tax payment.",
			"A flat monthly fee by transaction volume; catch-up work is quoted once before we start.",
			"Agents say they finally know what they can spend and never miss an estimated payment; recent reviews are below.",
		},
		Age: 85,
	},
}
