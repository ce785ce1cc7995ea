package ministry

// Verse is one bundled scripture. Text is the King James Version (1769 text, public domain),
// written out by hand for this curated set; the references and tags are ours. Verses stay in
// English in every language of the app (docs/areas/ministry.md).
type Verse struct {
	Ref  string   `json:"ref" doc:"Book, chapter and verse (e.g. Psalm 23:1)."`
	Text string   `json:"text"`
	Tags []string `json:"tags"`
}

// Translation names the bundled text.
const Translation = "KJV"

// Tags are the topics a member chooses scriptures by, in the order the page shows them.
var Tags = []string{"encouragement", "peace", "wisdom", "work", "family", "gratitude", "healing", "guidance"}

func v(ref, text string, tags ...string) Verse { return Verse{Ref: ref, Text: text, Tags: tags} }

// Verses is the bundled set (79 verses, at least eight a tag).
var Verses = []Verse{
	// encouragement
	v("Joshua 1:9", "Have not I commanded thee? Be strong and of a good courage; be not afraid, neither be thou dismayed: for the LORD thy God is with thee whithersoever thou goest.", "encouragement"),
	v("Isaiah 40:31", "But they that wait upon the LORD shall renew their strength; they shall mount up with wings as eagles; they shall run, and not be weary; and they shall walk, and not faint.", "encouragement"),
	v("Isaiah 41:10", "Fear thou not; for I am with thee: be not dismayed; for I am thy God: I will strengthen thee; yea, I will help thee; yea, I will uphold thee with the right hand of my righteousness.", "encouragement"),
	v("Philippians 4:13", "I can do all things through Christ which strengtheneth me.", "encouragement"),
	v("Deuteronomy 31:6", "Be strong and of a good courage, fear not, nor be afraid of them: for the LORD thy God, he it is that doth go with thee; he will not fail thee, nor forsake thee.", "encouragement"),
	v("Psalm 46:1", "God is our refuge and strength, a very present help in trouble.", "encouragement", "peace"),
	v("Galatians 6:9", "And let us not be weary in well doing: for in due season we shall reap, if we faint not.", "encouragement", "work"),
	v("Romans 8:28", "And we know that all things work together for good to them that love God, to them who are the called according to his purpose.", "encouragement"),
	v("2 Timothy 1:7", "For God hath not given us the spirit of fear; but of power, and of love, and of a sound mind.", "encouragement"),
	v("Psalm 73:26", "My flesh and my heart faileth: but God is the strength of my heart, and my portion for ever.", "encouragement", "healing"),

	// peace
	v("John 14:27", "Peace I leave with you, my peace I give unto you: not as the world giveth, give I unto you. Let not your heart be troubled, neither let it be afraid.", "peace"),
	v("Philippians 4:6", "Be careful for nothing; but in every thing by prayer and supplication with thanksgiving let your requests be made known unto God.", "peace"),
	v("Philippians 4:7", "And the peace of God, which passeth all understanding, shall keep your hearts and minds through Christ Jesus.", "peace"),
	v("Isaiah 26:3", "Thou wilt keep him in perfect peace, whose mind is stayed on thee: because he trusteth in thee.", "peace"),
	v("Matthew 11:28", "Come unto me, all ye that labour and are heavy laden, and I will give you rest.", "peace", "work"),
	v("Psalm 4:8", "I will both lay me down in peace, and sleep: for thou, LORD, only makest me dwell in safety.", "peace"),
	v("1 Peter 5:7", "Casting all your care upon him; for he careth for you.", "peace"),
	v("Psalm 23:1", "The LORD is my shepherd; I shall not want.", "peace", "guidance"),
	v("Psalm 23:2", "He maketh me to lie down in green pastures: he leadeth me beside the still waters.", "peace"),
	v("Psalm 29:11", "The LORD will give strength unto his people; the LORD will bless his people with peace.", "peace"),

	// wisdom
	v("James 1:5", "If any of you lack wisdom, let him ask of God, that giveth to all men liberally, and upbraideth not; and it shall be given him.", "wisdom"),
	v("Proverbs 3:5", "Trust in the LORD with all thine heart; and lean not unto thine own understanding.", "wisdom", "guidance"),
	v("Proverbs 3:6", "In all thy ways acknowledge him, and he shall direct thy paths.", "wisdom", "guidance"),
	v("Proverbs 9:10", "The fear of the LORD is the beginning of wisdom: and the knowledge of the holy is understanding.", "wisdom"),
	v("Proverbs 15:22", "Without counsel purposes are disappointed: but in the multitude of counsellors they are established.", "wisdom", "work"),
	v("Proverbs 16:3", "Commit thy works unto the LORD, and thy thoughts shall be established.", "wisdom", "work"),
	v("Proverbs 16:9", "A man's heart deviseth his way: but the LORD directeth his steps.", "wisdom", "guidance"),
	v("Proverbs 2:6", "For the LORD giveth wisdom: out of his mouth cometh knowledge and understanding.", "wisdom"),
	v("Proverbs 4:7", "Wisdom is the principal thing; therefore get wisdom: and with all thy getting get understanding.", "wisdom"),
	v("Proverbs 22:1", "A good name is rather to be chosen than great riches, and loving favour rather than silver and gold.", "wisdom", "work"),
	v("Ecclesiastes 3:1", "To every thing there is a season, and a time to every purpose under the heaven:", "wisdom"),

	// work
	v("Colossians 3:23", "And whatsoever ye do, do it heartily, as to the Lord, and not unto men;", "work"),
	v("Proverbs 14:23", "In all labour there is profit: but the talk of the lips tendeth only to penury.", "work"),
	v("Proverbs 21:5", "The thoughts of the diligent tend only to plenteousness; but of every one that is hasty only to want.", "work"),
	v("Proverbs 22:29", "Seest thou a man diligent in his business? he shall stand before kings; he shall not stand before mean men.", "work"),
	v("Ecclesiastes 9:10", "Whatsoever thy hand findeth to do, do it with thy might; for there is no work, nor device, nor knowledge, nor wisdom, in the grave, whither thou goest.", "work"),
	v("Psalm 90:17", "And let the beauty of the LORD our God be upon us: and establish thou the work of our hands upon us; yea, the work of our hands establish thou it.", "work"),
	v("Proverbs 12:22", "Lying lips are abomination to the LORD: but they that deal truly are his delight.", "work"),
	v("Proverbs 11:1", "A false balance is abomination to the LORD: but a just weight is his delight.", "work"),
	v("1 Corinthians 15:58", "Therefore, my beloved brethren, be ye stedfast, unmoveable, always abounding in the work of the Lord, forasmuch as ye know that your labour is not in vain in the Lord.", "work", "encouragement"),
	v("Ecclesiastes 4:9", "Two are better than one; because they have a good reward for their labour.", "work", "family"),

	// family
	v("Proverbs 22:6", "Train up a child in the way he should go: and when he is old, he will not depart from it.", "family"),
	v("Psalm 127:1", "Except the LORD build the house, they labour in vain that build it: except the LORD keep the city, the watchman waketh but in vain.", "family"),
	v("Psalm 127:3", "Lo, children are an heritage of the LORD: and the fruit of the womb is his reward.", "family"),
	v("Ephesians 4:32", "And be ye kind one to another, tenderhearted, forgiving one another, even as God for Christ's sake hath forgiven you.", "family"),
	v("1 Corinthians 13:4", "Charity suffereth long, and is kind; charity envieth not; charity vaunteth not itself, is not puffed up,", "family"),
	v("1 Corinthians 13:7", "Beareth all things, believeth all things, hopeth all things, endureth all things.", "family"),
	v("Colossians 3:14", "And above all these things put on charity, which is the bond of perfectness.", "family"),
	v("Proverbs 24:3", "Through wisdom is an house builded; and by understanding it is established:", "family", "wisdom"),
	v("Romans 12:10", "Be kindly affectioned one to another with brotherly love; in honour preferring one another;", "family"),
	v("1 John 4:7", "Beloved, let us love one another: for love is of God; and every one that loveth is born of God, and knoweth God.", "family"),

	// gratitude
	v("1 Thessalonians 5:18", "In every thing give thanks: for this is the will of God in Christ Jesus concerning you.", "gratitude"),
	v("Psalm 118:24", "This is the day which the LORD hath made; we will rejoice and be glad in it.", "gratitude"),
	v("Psalm 100:4", "Enter into his gates with thanksgiving, and into his courts with praise: be thankful unto him, and bless his name.", "gratitude"),
	v("Psalm 107:1", "O give thanks unto the LORD, for he is good: for his mercy endureth for ever.", "gratitude"),
	v("James 1:17", "Every good gift and every perfect gift is from above, and cometh down from the Father of lights, with whom is no variableness, neither shadow of turning.", "gratitude"),
	v("Psalm 103:2", "Bless the LORD, O my soul, and forget not all his benefits:", "gratitude"),
	v("Colossians 3:15", "And let the peace of God rule in your hearts, to the which also ye are called in one body; and be ye thankful.", "gratitude", "peace"),
	v("Psalm 136:1", "O give thanks unto the LORD; for he is good: for his mercy endureth for ever.", "gratitude"),
	v("Lamentations 3:22", "It is of the LORD's mercies that we are not consumed, because his compassions fail not.", "gratitude"),
	v("Lamentations 3:23", "They are new every morning: great is thy faithfulness.", "gratitude", "encouragement"),

	// healing
	v("Psalm 147:3", "He healeth the broken in heart, and bindeth up their wounds.", "healing"),
	v("Jeremiah 17:14", "Heal me, O LORD, and I shall be healed; save me, and I shall be saved: for thou art my praise.", "healing"),
	v("Psalm 34:18", "The LORD is nigh unto them that are of a broken heart; and saveth such as be of a contrite spirit.", "healing"),
	v("James 5:16", "Confess your faults one to another, and pray one for another, that ye may be healed. The effectual fervent prayer of a righteous man availeth much.", "healing"),
	v("Psalm 30:2", "O LORD my God, I cried unto thee, and thou hast healed me.", "healing"),
	v("Revelation 21:4", "And God shall wipe away all tears from their eyes; and there shall be no more death, neither sorrow, nor crying, neither shall there be any more pain: for the former things are passed away.", "healing"),
	v("3 John 1:2", "Beloved, I wish above all things that thou mayest prosper and be in health, even as thy soul prospereth.", "healing"),
	v("Matthew 5:4", "Blessed are they that mourn: for they shall be comforted.", "healing"),

	// guidance
	v("Psalm 32:8", "I will instruct thee and teach thee in the way which thou shalt go: I will guide thee with mine eye.", "guidance"),
	v("Psalm 119:105", "Thy word is a lamp unto my feet, and a light unto my path.", "guidance"),
	v("Isaiah 30:21", "And thine ears shall hear a word behind thee, saying, This is the way, walk ye in it, when ye turn to the right hand, and when ye turn to the left.", "guidance"),
	v("Psalm 37:5", "Commit thy way unto the LORD; trust also in him; and he shall bring it to pass.", "guidance"),
	v("Jeremiah 29:11", "For I know the thoughts that I think toward you, saith the LORD, thoughts of peace, and not of evil, to give you an expected end.", "guidance", "encouragement"),
	v("Psalm 25:4", "Shew me thy ways, O LORD; teach me thy paths.", "guidance"),
	v("Psalm 25:5", "Lead me in thy truth, and teach me: for thou art the God of my salvation; on thee do I wait all the day.", "guidance"),
	v("Matthew 6:33", "But seek ye first the kingdom of God, and his righteousness; and all these things shall be added unto you.", "guidance"),
	v("Matthew 7:7", "Ask, and it shall be given you; seek, and ye shall find; knock, and it shall be opened unto you:", "guidance"),
	v("Psalm 37:23", "The steps of a good man are ordered by the LORD: and he delighteth in his way.", "guidance"),
}

// VersesFor returns the verses carrying tag in bundle order; an empty tag returns them all.
func VersesFor(tag string) []Verse {
	out := []Verse{}
	for _, vs := range Verses {
		if tag == "" {
			out = append(out, vs)
			continue
		}
		for _, t := range vs.Tags {
			if t == tag {
				out = append(out, vs)
				break
			}
		}
	}
	return out
}
