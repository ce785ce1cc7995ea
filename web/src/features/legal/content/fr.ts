import type { LegalLocaleContent } from '../types';
import { LEGAL_UPDATED, p, ul } from './helpers';
import { policiesFr } from './policies.fr';

const fr: LegalLocaleContent = {
  locale: 'fr',
  ui: {
    lastUpdated: "Dernière mise à jour :",
    contents: "Sommaire",
    print: "Imprimer",
    backToTop: "Retour en haut",
  },
  docs: {
    terms: {
      title: "Conditions d'utilisation",
      updated: LEGAL_UPDATED,
      sections: [
        {
          id: "agreement",
          heading: "Acceptation des présentes Conditions",
          blocks: [
            p("Les présentes Conditions d'utilisation (les « Conditions ») constituent un accord contraignant entre vous et Circle Marketplace, Inc. (« Circle » ou « nous »). Elles régissent votre utilisation du site web, de l'application web et des services associés de Circle (le « Service »), une place de marché en ligne sur laquelle des agents immobiliers américains achètent des services de marketing et de développement commercial, tels que CRM, génération de prospects, photographie, signalétique, coaching, prêts, assurance titre et assurances, auprès de fournisseurs indépendants."),
            p("En créant un compte, en effectuant un achat ou en utilisant le Service de toute autre manière, vous acceptez les présentes Conditions et les politiques qu'elles intègrent : notre Politique de confidentialité, notre Politique relative aux cookies, la Protection des acheteurs, la politique Articles et services interdits et, pour les fournisseurs, le Contrat vendeur. Si vous ne les acceptez pas, n'utilisez pas le Service. Les présentes Conditions entrent en vigueur le 22 novembre 2026. En cas de divergence entre une traduction et la version anglaise, la version anglaise prévaut dans la mesure permise par la loi."),
          ],
        },
        {
          id: "eligibility",
          heading: "Conditions d'accès et comptes",
          blocks: [
            ul(
              "Vous devez avoir au moins 18 ans et la capacité juridique de conclure un contrat.",
              "Le Service est proposé aux États-Unis uniquement là où la loi locale l'autorise ; certains services ou fonctionnalités peuvent ne pas être disponibles dans votre État.",
              "Vous devez fournir des informations exactes, y compris les informations de licence ou d'agence que nous demandons, et les tenir à jour.",
              "Vous êtes responsable de toute activité effectuée depuis votre compte. Gardez votre mot de passe confidentiel et prévenez rapidement support@circle.example si vous soupçonnez un accès non autorisé.",
              "Si vous agissez pour le compte d'une agence ou d'une équipe, vous confirmez être habilité à l'engager au titre des présentes Conditions.",
            ),
          ],
        },
        {
          id: "marketplace",
          heading: "Fonctionnement de la place de marché",
          blocks: [
            p("Circle met en relation les agents qui achètent des services (les « acheteurs ») avec les entreprises qui les fournissent (les « fournisseurs » ou « vendeurs »). Sauf indication contraire dans une annonce, c'est le fournisseur, et non Circle, qui fournit le service que vous achetez et qui répond de sa qualité, de sa livraison, des licences requises et de sa licéité. Circle n'est ni un courtier immobilier, ni un prêteur, ni un agent de titres, ni un assureur, ni un cabinet d'avocats, ni un conseiller financier."),
            p("Les annonces des fournisseurs constituent un annuaire. La présence d'un fournisseur sur Circle, un badge « vérifié » ou un bon classement ne constituent ni une recommandation ni une garantie. La vérification est un contrôle limité effectué lors de l'inscription du fournisseur et ne remplace pas vos propres vérifications."),
          ],
        },
        {
          id: "pro-membership",
          heading: "Abonnement Pro",
          blocks: [
            p("L'abonnement Pro est un abonnement facultatif qui donne accès aux prix Pro, au copaiement des fournisseurs et au portefeuille de points."),
            ul(
              "Prix : 99 $ US par mois pour le siège principal et 49 $ US par mois pour chaque siège supplémentaire.",
              "Facturation : mensuelle, ou annuelle et payable d'avance au prix de dix mois (deux mois offerts).",
              "Renouvellement : l'abonnement se renouvelle automatiquement jusqu'à sa résiliation. Vous pouvez le résilier à tout moment depuis les paramètres de votre compte ; la résiliation prend effet à la fin de la période en cours et vous conservez les avantages Pro jusque-là.",
              "Modifications : nous vous informerons au moins 30 jours à l'avance de tout changement de prix ou d'avantages avant qu'il ne s'applique à votre renouvellement, afin que vous puissiez résilier si vous n'êtes pas d'accord.",
              "Sauf disposition contraire de la loi ou de la Protection des acheteurs, les frais ne sont pas remboursés au prorata des périodes entamées.",
            ),
          ],
        },
        {
          id: "payments",
          heading: "Prix, paiements et taxes",
          blocks: [
            p("Les annonces affichent un prix public et, le cas échéant, un prix Pro inférieur réservé aux membres Pro actifs. Les prix sont fixés par les fournisseurs et affichés en dollars américains. Les paiements sont effectués sur une page de paiement hébergée par notre prestataire de paiement (actuellement Stripe) ; Circle ne conserve jamais le numéro complet de votre carte. En confirmant un paiement, vous nous autorisez, ainsi que notre prestataire, à débiter le montant total affiché lors du paiement."),
            p("Circle ne calcule, ne perçoit ni ne reverse aucune taxe. Les acheteurs sont responsables des taxes sur leurs achats, et les vendeurs des taxes sur leurs ventes et leurs revenus."),
          ],
        },
        {
          id: "co-pay",
          heading: "Copaiement des fournisseurs",
          blocks: [
            p("Certains fournisseurs proposent de prendre en charge une partie du coût d'un service pour un membre Pro (« copaiement »). Le copaiement est laissé à la discrétion du fournisseur, qui doit approuver chaque demande."),
            p("Afin de favoriser le respect de la section 8 de la loi américaine sur les procédures de règlement immobilier (Real Estate Settlement Procedures Act, RESPA), le copaiement est plafonné : par défaut, les prestataires de services de règlement (settlement service providers), tels que les prêteurs, les sociétés de titres et les assureurs, peuvent couvrir au maximum 20 % du coût, et les autres fournisseurs jusqu'à 70 %. Le copaiement doit correspondre à la juste part du fournisseur dans un service dont il tire un réel bénéfice et ne peut jamais être accordé ni accepté en échange de recommandations de clients. Vous vous engagez à payer votre propre part et à respecter les règles plus strictes de votre agence ou de votre État."),
          ],
        },
        {
          id: "points",
          heading: "Portefeuille de points",
          blocks: [
            p("Les membres Pro peuvent cumuler des points dans leur portefeuille. Un point équivaut à 1 $ US de valeur sur les achats éligibles effectués sur Circle. Les points sont un avantage promotionnel et non de l'argent : ils n'ont aucune valeur monétaire et ne peuvent être ni vendus, ni transférés, ni convertis en espèces, sauf si la loi l'exige. Les points peuvent expirer selon les conditions indiquées lors de leur attribution. Nous pouvons retirer les points obtenus par fraude, par erreur ou par une transaction annulée, et les points non utilisés sont perdus si votre compte est fermé pour manquement aux présentes Conditions."),
          ],
        },
        {
          id: "features",
          heading: "Consultations, concierge IA et liens d'affiliation",
          blocks: [
            ul(
              "Consultations : vous pouvez réserver des consultations avec des fournisseurs. La consultation a lieu entre vous et le fournisseur ; Circle fournit uniquement l'outil de planification et n'est pas responsable des conseils donnés.",
              "Concierge IA : le concierge IA recommande des outils en fonction de ce que vous lui indiquez. Ses réponses sont générées automatiquement, peuvent être erronées et ne constituent pas un conseil juridique, financier ou fiscal. Vérifiez les informations importantes avant de vous y fier.",
              "Liens d'affiliation : si vous suivez un lien d'affiliation et effectuez un achat sur le site du partenaire dans un délai de 30 jours, Circle peut percevoir une commission. Les sites partenaires ont leurs propres conditions.",
            ),
          ],
        },
        {
          id: "user-content",
          heading: "Votre contenu",
          blocks: [
            p("Vous êtes responsable du contenu que vous publiez, notamment les avis, les pages de tunnel de vente et les fichiers téléversés (le « Contenu utilisateur »). Il doit être exact et licite, vous devez disposer des droits nécessaires pour le partager et il doit respecter notre politique Articles et services interdits."),
            p("Vous restez propriétaire de votre Contenu utilisateur et accordez à Circle une licence mondiale, non exclusive et gratuite pour l'héberger, le copier, le mettre en forme et l'afficher afin d'exploiter et de promouvoir le Service. Cette licence prend fin lorsque vous supprimez le contenu, à l'exception des copies de sauvegarde conservées pendant une durée limitée ou lorsque la loi en impose la conservation. Nous pouvons retirer tout Contenu utilisateur qui enfreint les présentes Conditions."),
          ],
        },
        {
          id: "acceptable-use",
          heading: "Utilisation acceptable",
          blocks: [
            p("Lorsque vous utilisez le Service, vous ne devez pas :"),
            ul(
              "enfreindre la loi, notamment RESPA et les lois relatives au logement équitable, à la protection des consommateurs, au spam et à la vie privée ;",
              "offrir, solliciter ou accepter quoi que ce soit de valeur en échange de recommandations de clients vers des services de règlement ;",
              "publier des avis faux ou rémunérés, ni manipuler les notes ;",
              "extraire des données de manière automatisée, faire de l'ingénierie inverse ou perturber le Service ou sa sécurité ;",
              "usurper l'identité d'autrui ni accéder à un compte qui n'est pas le vôtre.",
            ),
          ],
        },
        {
          id: "intellectual-property",
          heading: "Propriété intellectuelle de Circle",
          blocks: [
            p("Le Service, y compris ses logiciels, son design et ses textes, ainsi que le nom et le logo Circle, appartiennent à Circle ou à ses concédants de licence. Nous vous accordons une licence limitée, révocable et non transférable pour utiliser le Service conformément à sa finalité et aux présentes Conditions. Nous pouvons utiliser vos suggestions sans aucune obligation envers vous."),
          ],
        },
        {
          id: "disclaimers",
          heading: "Exclusion de garanties",
          blocks: [
            p("LE SERVICE EST FOURNI « EN L'ÉTAT » ET « SELON DISPONIBILITÉ ». DANS TOUTE LA MESURE PERMISE PAR LA LOI, CIRCLE EXCLUT TOUTE GARANTIE, EXPRESSE OU IMPLICITE, Y COMPRIS LES GARANTIES DE QUALITÉ MARCHANDE, D'ADÉQUATION À UN USAGE PARTICULIER, DE TITRE ET D'ABSENCE DE CONTREFAÇON. Nous ne garantissons pas que le Service sera exempt d'erreurs ni qu'un fournisseur ou un résultat répondra à vos attentes."),
          ],
        },
        {
          id: "liability",
          heading: "Limitation de responsabilité",
          blocks: [
            p("DANS TOUTE LA MESURE PERMISE PAR LA LOI, CIRCLE NE SERA PAS RESPONSABLE DES DOMMAGES INDIRECTS, ACCESSOIRES, SPÉCIAUX, CONSÉCUTIFS OU PUNITIFS, NI DES PERTES DE BÉNÉFICES, DE DONNÉES OU D'OPPORTUNITÉS COMMERCIALES, RÉSULTANT DU SERVICE OU DU SERVICE D'UN FOURNISSEUR. LA RESPONSABILITÉ TOTALE DE CIRCLE POUR L'ENSEMBLE DES RÉCLAMATIONS N'EXCÉDERA PAS LE PLUS ÉLEVÉ DES DEUX MONTANTS SUIVANTS : LES SOMMES QUE VOUS AVEZ VERSÉES À CIRCLE AU COURS DES 12 MOIS PRÉCÉDANT LA RÉCLAMATION, OU 100 $ US. Certaines juridictions n'autorisent pas ces limitations ; il est donc possible que certaines ne s'appliquent pas à vous."),
          ],
        },
        {
          id: "indemnification",
          heading: "Indemnisation",
          blocks: [
            p("Vous acceptez de défendre, d'indemniser et de dégager de toute responsabilité Circle ainsi que ses dirigeants, administrateurs, employés et mandataires contre toute réclamation, perte, tout dommage, toute amende et tout frais, y compris les honoraires d'avocat raisonnables, découlant de votre utilisation du Service, de votre Contenu utilisateur, de vos relations avec d'autres utilisateurs ou de votre violation des présentes Conditions ou de toute loi."),
          ],
        },
        {
          id: "disputes",
          heading: "Litiges et droit applicable",
          blocks: [
            p("Les litiges relatifs à une commande doivent être ouverts dans un délai de 30 jours, comme le prévoit notre politique de Protection des acheteurs. Pour tout autre différend, écrivez d'abord à legal@circle.example afin que nous puissions tenter de le résoudre à l'amiable dans un délai de 60 jours."),
            p("Les présentes Conditions sont régies par le droit de l'État du Delaware et par le droit fédéral américain applicable, sans égard aux règles de conflit de lois. Sauf si la loi de votre lieu de résidence en dispose autrement, les litiges non résolus seront portés devant les tribunaux d'État ou fédéraux situés dans le Delaware."),
          ],
        },
        {
          id: "termination",
          heading: "Suspension et résiliation",
          blocks: [
            p("Vous pouvez fermer votre compte à tout moment. Nous pouvons suspendre ou résilier votre accès si vous enfreignez les présentes Conditions, si la loi l'exige ou pour protéger le Service et ses utilisateurs. Les dispositions qui, par nature, doivent perdurer, telles que les obligations de paiement, l'exclusion de garanties, la limitation de responsabilité et l'indemnisation, survivent à la résiliation."),
          ],
        },
        {
          id: "changes",
          heading: "Modification des présentes Conditions",
          blocks: [
            p("Nous vous informerons au moins 30 jours à l'avance, par e-mail ou dans le Service, de toute modification importante des présentes Conditions, sauf si la loi impose une modification plus rapide. Si vous continuez à utiliser le Service après l'entrée en vigueur d'une modification, vous l'acceptez."),
          ],
        },
        {
          id: "contact",
          heading: "Contact",
          blocks: [
            p("Circle Marketplace, Inc. Questions juridiques : legal@circle.example. Assistance : support@circle.example, disponible de 8 h à 18 h (heure du Pacifique), avec une réponse aux e-mails sous 24 heures."),
          ],
        },
      ],
    },

    privacy: {
      title: "Politique de confidentialité",
      updated: LEGAL_UPDATED,
      sections: [
        {
          id: "introduction",
          heading: "Introduction",
          blocks: [
            p("La présente Politique de confidentialité explique comment Circle Marketplace, Inc. (« Circle » ou « nous ») collecte, utilise, partage et protège les informations personnelles lorsque vous utilisez la place de marché, le site web et l'application web de Circle (le « Service »). Elle s'applique aux agents qui achètent des services, aux fournisseurs qui les vendent et aux visiteurs de notre site. Elle entre en vigueur le 22 novembre 2026. Le Service est proposé en anglais, en espagnol et en français ; en cas de divergence, la version anglaise prévaut dans la mesure permise par la loi."),
          ],
        },
        {
          id: "information-we-collect",
          heading: "Informations que nous collectons",
          blocks: [
            ul(
              "Informations de compte et de profil : votre nom, votre adresse e-mail, votre numéro de téléphone, votre agence, les informations de votre licence immobilière, votre langue préférée et votre mot de passe (que nous ne conservons que sous forme hachée).",
              "Informations d'abonnement et de transaction : votre formule Pro et vos sièges, vos commandes, vos demandes et approbations de copaiement, le solde et l'historique de vos points, vos remboursements et vos litiges.",
              "Informations de paiement : vous saisissez vos coordonnées bancaires sur la page de paiement hébergée par notre prestataire de paiement (actuellement Stripe). Circle ne reçoit ni ne conserve le numéro complet de votre carte ; nous recevons des informations limitées, comme le réseau de la carte, les quatre derniers chiffres et le statut du paiement.",
              "Contenu utilisateur : avis, pages de tunnel de vente, images, documents et autres fichiers téléversés, ainsi que les messages que vous envoyez aux fournisseurs ou à notre équipe d'assistance.",
              "Consultations : le fournisseur, la date, l'heure et les notes que vous ajoutez lors de la réservation d'une consultation.",
              "Concierge IA : les questions que vous posez, les informations que vous partagez dans la conversation et les recommandations qu'il fournit.",
              "Informations d'utilisation et sur l'appareil : adresse IP, type de navigateur, informations sur l'appareil, pages consultées, liens cliqués (y compris les liens d'affiliation), dates et heures des visites et journaux d'erreurs.",
              "Informations provenant de tiers : confirmations des fournisseurs (par exemple, qu'un copaiement a été approuvé ou qu'un service a été livré) et rapports de conversion des partenaires affiliés.",
            ),
          ],
        },
        {
          id: "how-we-use",
          heading: "Utilisation des informations",
          blocks: [
            ul(
              "Pour créer et gérer votre compte et fournir le Service, y compris l'abonnement Pro, les prix, le paiement, les points et les consultations.",
              "Pour traiter les paiements, les remboursements et les litiges, et pour prévenir la fraude et les abus.",
              "Pour gérer le copaiement, notamment vérifier qu'il reste dans les limites que nous appliquons au titre de RESPA et conserver des registres de conformité.",
              "Pour générer les recommandations du concierge IA et en améliorer la qualité.",
              "Pour répondre aux demandes d'assistance et envoyer des messages de service, tels que des reçus, des rappels de renouvellement et des alertes de sécurité.",
              "Pour comprendre comment le Service est utilisé et l'améliorer, avec des outils d'analyse uniquement si vous acceptez les cookies analytiques.",
              "Pour envoyer des messages marketing lorsque la loi le permet. Vous pouvez vous désabonner à tout moment grâce au lien figurant dans chaque message.",
              "Pour respecter nos obligations légales, faire appliquer nos conditions et protéger les droits et la sécurité de nos utilisateurs, des fournisseurs et de Circle.",
            ),
          ],
        },
        {
          id: "sharing",
          heading: "Partage des informations",
          blocks: [
            p("Nous ne partageons des informations personnelles que dans les cas décrits ci-dessous :"),
            ul(
              "Avec les fournisseurs : lorsque vous achetez un service, réservez une consultation ou demandez un copaiement, nous communiquons les informations dont le fournisseur a besoin, comme votre nom, vos coordonnées, votre agence et les détails de la commande. Les fournisseurs utilisent ces informations conformément à leurs propres politiques de confidentialité et à notre Contrat vendeur.",
              "Avec nos prestataires : entreprises qui hébergent nos systèmes, traitent les paiements, envoient des e-mails, fournissent des outils d'analyse ou font fonctionner le concierge IA, en agissant sur nos instructions.",
              "Avec les partenaires affiliés : lorsque vous suivez un lien d'affiliation, le partenaire reçoit un identifiant de parrainage afin de pouvoir attribuer un achat effectué dans un délai de 30 jours.",
              "Pour des raisons juridiques : lorsque la loi, une assignation ou une autorité de contrôle l'exige, ou pour protéger des droits, des biens et la sécurité des personnes.",
              "En cas d'opération d'entreprise : dans le cadre d'une fusion, d'une acquisition ou d'une cession d'actifs, sous réserve de la présente Politique.",
              "Avec votre consentement ou selon vos instructions.",
            ),
            p("Nous ne vendons pas d'informations personnelles contre de l'argent. Si vous activez les cookies marketing, certaines informations peuvent être partagées avec des partenaires publicitaires d'une manière que certaines lois d'États qualifient de « vente » ou de « partage » à des fins de publicité ciblée. Vous pouvez vous y opposer à tout moment en désactivant les cookies marketing dans les paramètres des cookies ou en activant Global Privacy Control dans votre navigateur."),
          ],
        },
        {
          id: "cookies",
          heading: "Cookies",
          blocks: [
            p("Nous utilisons des cookies nécessaires, dont un cookie de session HttpOnly qui vous maintient connecté, et, uniquement avec votre consentement, des cookies analytiques, fonctionnels et marketing. Vos choix sont enregistrés dans votre navigateur. Consultez notre Politique relative aux cookies pour plus de détails."),
          ],
        },
        {
          id: "retention",
          heading: "Durée de conservation",
          blocks: [
            p("Nous ne conservons les informations personnelles que le temps nécessaire aux finalités décrites dans la présente Politique. Les informations de compte sont conservées tant que votre compte est ouvert. Les registres de transactions, de copaiements et fiscaux sont conservés aussi longtemps que l'exigent les règles comptables, fiscales et de conformité, généralement sept ans. Les journaux techniques et les conversations avec le concierge IA sont conservés moins longtemps, sauf s'ils sont nécessaires pour des raisons de sécurité ou dans le cadre d'un litige. Lorsque les informations ne sont plus nécessaires, nous les supprimons ou les anonymisons."),
          ],
        },
        {
          id: "security",
          heading: "Sécurité",
          blocks: [
            p("Nous protégeons les informations par des mesures techniques et organisationnelles, notamment des connexions chiffrées, des mots de passe hachés, des cookies de session HttpOnly, des contrôles d'accès et une surveillance. Aucun système n'étant totalement sûr, nous ne pouvons garantir une sécurité absolue. Si nous avons connaissance d'une violation affectant vos informations personnelles, nous vous en informerons conformément à la loi."),
          ],
        },
        {
          id: "your-rights",
          heading: "Vos droits en matière de confidentialité",
          blocks: [
            p("Selon votre État de résidence, notamment en vertu du California Consumer Privacy Act (CCPA) et de lois similaires, vous pouvez avoir le droit :"),
            ul(
              "de connaître les informations personnelles que nous détenons à votre sujet et d'y accéder ;",
              "de faire corriger les informations inexactes ;",
              "de faire supprimer vos informations, sous réserve des exceptions légales ;",
              "de recevoir une copie portable de vos informations ;",
              "de vous opposer à la vente ou au partage de vos informations et à la publicité ciblée ;",
              "de retirer votre consentement, par exemple aux cookies analytiques ou marketing.",
            ),
            p("Pour exercer ces droits, écrivez à legal@circle.example. Nous vérifierons votre identité avant d'agir et répondrons dans un délai de 45 jours, ou vous indiquerons si nous avons besoin de plus de temps, dans les limites prévues par la loi. Vous pouvez passer par un mandataire autorisé. Si nous refusons votre demande, vous pouvez faire appel en répondant à notre décision. Nous ne vous ferons subir aucune discrimination pour avoir exercé vos droits."),
          ],
        },
        {
          id: "children",
          heading: "Mineurs",
          blocks: [
            p("Le Service s'adresse à des professionnels âgés de 18 ans ou plus. Nous ne collectons pas sciemment d'informations personnelles auprès de personnes de moins de 18 ans. Si vous pensez qu'un mineur nous a communiqué des informations, contactez-nous et nous les supprimerons."),
          ],
        },
        {
          id: "international",
          heading: "Lieu de traitement des informations",
          blocks: [
            p("Circle est établie aux États-Unis, où nous traitons et conservons les informations. Si vous accédez au Service depuis un autre pays, vos informations seront transférées aux États-Unis, dont la législation en matière de protection des données peut différer de celle de votre pays."),
          ],
        },
        {
          id: "changes",
          heading: "Modification de la présente Politique",
          blocks: [
            p("Nous pouvons mettre à jour la présente Politique de temps à autre. Nous publierons la nouvelle version avec une nouvelle date de « Dernière mise à jour » et, en cas de modification importante, nous vous en informerons par e-mail ou dans le Service avant son entrée en vigueur."),
          ],
        },
        {
          id: "contact",
          heading: "Nous contacter",
          blocks: [
            p("Pour toute question ou demande relative à la confidentialité, contactez Circle Marketplace, Inc. à l'adresse legal@circle.example. Pour obtenir de l'aide avec votre compte, écrivez à support@circle.example. L'assistance est disponible de 8 h à 18 h (heure du Pacifique) et nous répondons aux e-mails sous 24 heures."),
          ],
        },
      ],
    },

    cookies: {
      title: "Politique relative aux cookies",
      updated: LEGAL_UPDATED,
      sections: [
        {
          id: "overview",
          heading: "Présentation",
          blocks: [
            p("La présente Politique relative aux cookies explique comment Circle Marketplace, Inc. (« Circle ») utilise les cookies et technologies similaires sur le site web et l'application web de Circle, et comment vous pouvez les contrôler. Elle doit être lue conjointement avec notre Politique de confidentialité. Elle entre en vigueur le 22 novembre 2026."),
          ],
        },
        {
          id: "what-are-cookies",
          heading: "Qu'est-ce qu'un cookie ?",
          blocks: [
            p("Les cookies sont de petits fichiers texte qu'un site web enregistre dans votre navigateur. Des technologies similaires, comme le stockage local, permettent à un site d'enregistrer des informations sur votre appareil de la même manière. Certains sont déposés par Circle (cookies internes) et d'autres par des entreprises qui nous fournissent des services, à nous ou à vous (cookies tiers). Certains ne durent que jusqu'à la fermeture du navigateur (cookies de session) ; d'autres sont conservés pendant une durée déterminée (cookies persistants)."),
          ],
        },
        {
          id: "categories",
          heading: "Catégories utilisées",
          blocks: [
            ul(
              "Nécessaires (toujours actifs) : indispensables au fonctionnement du Service, par exemple pour vous maintenir connecté, protéger les formulaires contre la falsification, répartir le trafic, mémoriser la langue que vous avez choisie (anglais, espagnol ou français) et mémoriser vos choix en matière de cookies. Ils ne peuvent pas être désactivés dans notre bandeau, car le Service ne fonctionnerait pas sans eux.",
              "Analytiques (facultatifs) : nous aident à comprendre comment le Service est utilisé, par exemple quelles pages sont consultées et où surviennent les erreurs, afin de l'améliorer. Nous utilisons les résultats de manière agrégée.",
              "Fonctionnels (facultatifs) : mémorisent des préférences qui améliorent votre expérience, comme les paramètres d'affichage et les éléments récemment consultés.",
              "Marketing (facultatifs) : mesurent l'efficacité de nos campagnes et vous présentent des publicités Circle plus pertinentes sur d'autres sites.",
            ),
            p("Les cookies analytiques, fonctionnels et marketing sont désactivés tant que vous ne choisissez pas de les activer. Si vous les refusez, vous pouvez toujours utiliser toutes les fonctionnalités de la place de marché, y compris le paiement et votre portefeuille de points ; certaines préférences pourront simplement ne pas être mémorisées d'une visite à l'autre."),
          ],
        },
        {
          id: "session-cookie",
          heading: "Votre session de connexion",
          blocks: [
            p("Lorsque vous vous connectez, nous déposons un cookie de session marqué HttpOnly, ce qui signifie qu'il ne peut pas être lu par les scripts exécutés dans la page. Cela contribue à protéger votre compte contre les attaques par injection de scripts (XSS). Ce cookie n'est transmis que par des connexions sécurisées, est limité à Circle et est supprimé lorsque vous vous déconnectez ou lorsque la session expire. Il s'agit d'un cookie nécessaire qui ne vous suit pas sur d'autres sites web."),
          ],
        },
        {
          id: "duration",
          heading: "Durée de conservation des cookies",
          blocks: [
            ul(
              "Cookie de session : jusqu'à votre déconnexion ou jusqu'à l'expiration de la session après une période d'inactivité.",
              "Cookies de sécurité et de répartition de charge : pas plus d'une session de navigation.",
              "Enregistrement du consentement : jusqu'à ce que vous modifiiez vos choix, effaciez le stockage de votre navigateur ou que nous mettions à jour la version du consentement.",
              "Cookies analytiques, fonctionnels et marketing : 13 mois au maximum à compter de leur dépôt, et généralement moins.",
            ),
          ],
        },
        {
          id: "consent",
          heading: "Fonctionnement du consentement",
          blocks: [
            p("Lors de votre première visite sur Circle, un bandeau de consentement vous permet d'accepter tous les cookies facultatifs, de les refuser ou de choisir par catégorie. Votre choix est enregistré dans votre navigateur avec la version du texte de consentement que vous avez vue (actuellement la version 1.0) et la date. Comme ce choix est enregistré dans votre navigateur, il ne s'applique qu'à ce navigateur et à cet appareil. Si vous effacez le stockage de votre navigateur ou utilisez un autre appareil, le bandeau s'affichera de nouveau."),
            p("Si nous ajoutons de nouvelles catégories ou modifions notre utilisation des cookies d'une manière qui affecte votre choix, nous mettrons à jour la version du consentement et vous le redemanderons."),
          ],
        },
        {
          id: "managing",
          heading: "Modifier vos choix",
          blocks: [
            ul(
              "Utilisez le lien « Paramètres des cookies » en bas de chaque page pour modifier ou retirer votre consentement à tout moment. Le retrait du consentement met fin à l'utilisation future, mais n'affecte pas l'utilisation antérieure.",
              "La plupart des navigateurs permettent de bloquer ou de supprimer les cookies. Si vous bloquez les cookies nécessaires, vous ne pourrez ni vous connecter ni finaliser un achat.",
              "Si votre navigateur envoie un signal Global Privacy Control ou « Ne pas me pister » (Do Not Track), nous n'affichons pas le bandeau et laissons les cookies analytiques, fonctionnels et marketing désactivés, sauf si vous les activez dans les paramètres des cookies.",
            ),
          ],
        },
        {
          id: "third-parties",
          heading: "Cookies tiers",
          blocks: [
            ul(
              "Paiements : le paiement s'effectue sur une page hébergée par notre prestataire de paiement (actuellement Stripe), qui peut déposer ses propres cookies pour traiter les paiements et prévenir la fraude.",
              "Fournisseurs d'analyse et de publicité : uniquement si vous acceptez la catégorie correspondante.",
              "Partenaires affiliés : lorsque vous suivez un lien d'affiliation, le partenaire peut déposer des cookies sur son propre site afin d'attribuer à Circle un achat effectué dans un délai de 30 jours. Ces cookies sont régis par la politique du partenaire.",
            ),
            p("Nous ne contrôlons pas les cookies tiers. Veuillez consulter les politiques de ces entreprises."),
          ],
        },
        {
          id: "privacy-signals",
          heading: "Cookies et droits en matière de confidentialité",
          blocks: [
            p("En vertu de certaines lois d'États sur la protection de la vie privée, l'utilisation de cookies marketing pour vous montrer des publicités sur d'autres sites web peut être considérée comme une « vente » ou un « partage » d'informations personnelles. Vous pouvez vous y opposer à tout moment en désactivant les cookies marketing dans les paramètres des cookies. Nous respectons également les signaux de confidentialité du navigateur : lorsque votre navigateur envoie Global Privacy Control ou « Ne pas me pister » (Do Not Track), nous le traitons comme un refus de tous les cookies facultatifs, y compris les cookies marketing, dans ce navigateur. Consultez notre Politique de confidentialité pour connaître vos autres droits."),
          ],
        },
        {
          id: "changes",
          heading: "Modification de la présente Politique",
          blocks: [
            p("Nous pouvons mettre à jour la présente Politique relative aux cookies. La date de « Dernière mise à jour » indique la version en vigueur, et nous vous redemanderons votre consentement lorsque la modification l'exige."),
          ],
        },
        {
          id: "contact",
          heading: "Contact",
          blocks: [
            p("Vous pouvez adresser vos questions sur les cookies ou sur la présente Politique à Circle Marketplace, Inc. à l'adresse legal@circle.example. Pour obtenir de l'aide avec votre compte, écrivez à support@circle.example ; notre équipe est disponible de 8 h à 18 h (heure du Pacifique) et répond sous 24 heures."),
          ],
        },
      ],
    },

    "buyer-protection": {
      title: "Protection des acheteurs",
      updated: LEGAL_UPDATED,
      sections: [
        {
          id: "overview",
          heading: "Présentation",
          blocks: [
            p("La Protection des acheteurs de Circle aide les agents qui achètent des services sur la place de marché Circle lorsqu'un problème survient avec une commande. Elle est proposée par Circle Marketplace, Inc. (« Circle »), fait partie de nos Conditions d'utilisation et entre en vigueur le 22 novembre 2026. Elle ne limite aucun des droits dont vous disposez en vertu de la loi applicable."),
          ],
        },
        {
          id: "coverage",
          heading: "Ce qui est couvert",
          blocks: [
            p("La Protection des acheteurs s'applique aux services commandés et payés via le paiement Circle par un acheteur dont le compte est en règle. Elle couvre les achats au prix public comme au prix Pro, y compris les commandes payées en partie avec des points ou un copaiement. Vous pouvez bénéficier d'un remboursement ou d'une autre solution si :"),
            ul(
              "le fournisseur n'a pas livré le service ou ne l'a pas commencé dans le délai indiqué dans l'annonce ;",
              "le service livré diffère sensiblement de la description de l'annonce, par exemple des livrables manquants, une quantité différente ou un niveau inférieur ;",
              "le fournisseur a annulé la commande ou n'est plus en mesure de fournir le service ;",
              "vous avez été débité deux fois, d'un montant erroné ou pour une commande que vous n'avez pas passée ;",
              "un fournisseur a approuvé un copaiement sans le financer, auquel cas vous ne paierez pas plus que le total affiché lors du paiement.",
            ),
          ],
        },
        {
          id: "not-covered",
          heading: "Ce qui n'est pas couvert",
          blocks: [
            ul(
              "L'insatisfaction quant aux résultats commerciaux, comme le nombre de prospects ou de ventes conclues, sauf si l'annonce garantissait expressément ce résultat.",
              "Un changement d'avis après la livraison du service conformément à sa description.",
              "Les problèmes causés par des informations manquantes ou inexactes que vous avez fournies au fournisseur.",
              "Les achats effectués en dehors de Circle, y compris sur des sites partenaires atteints par des liens d'affiliation.",
              "Les recommandations du concierge IA, qui ne sont fournies qu'à titre informatif.",
              "Les consultations qui ne donnent lieu à aucun paiement via Circle.",
              "Les frais d'abonnement Pro pour des périodes partielles, sauf erreur de facturation ou lorsque la loi impose un remboursement.",
            ),
          ],
        },
        {
          id: "opening-a-dispute",
          heading: "Ouvrir un litige",
          blocks: [
            p("Nous vous invitons à contacter d'abord le fournisseur depuis la page de la commande ; de nombreux problèmes se règlent rapidement ainsi. À défaut, ouvrez un litige depuis la page de la commande ou en écrivant à support@circle.example. Seul l'acheteur qui a passé la commande, ou un administrateur du compte d'équipe de l'acheteur, peut ouvrir un litige."),
            p("Les litiges doivent être ouverts dans un délai de 30 jours à compter de la date de livraison ou, si le service n'a jamais été livré, dans un délai de 30 jours à compter de la date de livraison prévue. Indiquez votre numéro de commande, une description du problème, la solution souhaitée et tout justificatif utile, comme des messages, des fichiers ou des captures d'écran."),
          ],
        },
        {
          id: "recurring",
          heading: "Services récurrents",
          blocks: [
            p("Certains fournisseurs vendent des services facturés par périodes récurrentes, comme un abonnement mensuel à un CRM. Chaque période de facturation est traitée comme une commande distincte : le délai de 30 jours pour ouvrir un litige court à compter du début de chaque période. Vous pouvez annuler les renouvellements futurs depuis la page de la commande à tout moment. L'annulation n'entraîne pas le remboursement de la période en cours, sauf si le service n'a pas été fourni conformément à sa description pendant cette période."),
          ],
        },
        {
          id: "resolution",
          heading: "Traitement des litiges",
          blocks: [
            ul(
              "Nous informons le fournisseur, qui doit répondre dans un délai de 5 jours ouvrables.",
              "Nous examinons l'annonce, l'historique de la commande, les messages et les éléments fournis par les deux parties, et pouvons demander des informations complémentaires à l'une ou l'autre.",
              "Nous nous efforçons de rendre une décision dans un délai de 10 jours ouvrables après réception des deux réponses. Si le fournisseur ne répond pas à temps, nous pouvons décider sur la base des informations disponibles.",
              "Les issues possibles comprennent un remboursement total, un remboursement partiel, une nouvelle exécution ou une correction du service, ou la clôture du litige sans remboursement.",
            ),
            p("Nous décidons de bonne foi sur la base des éléments fournis, de l'annonce et de nos politiques. Vous pouvez nous demander une seule fois de réexaminer notre décision, dans un délai de 14 jours, si vous disposez d'informations nouvelles."),
          ],
        },
        {
          id: "refunds",
          heading: "Remboursements",
          blocks: [
            ul(
              "Les remboursements approuvés sont effectués sur votre moyen de paiement d'origine dans un délai de 3 à 5 jours ouvrables. Votre banque ou l'émetteur de votre carte peut mettre plus de temps à faire apparaître le crédit.",
              "Les points utilisés pour la commande sont recrédités sur votre portefeuille de points.",
              "La part du prix couverte par le copaiement d'un fournisseur est restituée au fournisseur qui l'a financée et ne vous est pas versée.",
              "Les remboursements sont effectués en dollars américains, pour le montant effectivement débité. Circle ne calcule pas les taxes ; contactez le fournisseur pour tout ajustement fiscal.",
            ),
          ],
        },
        {
          id: "timeline",
          heading: "Les délais en bref",
          blocks: [
            ul(
              "Jusqu'à 30 jours après la livraison (ou la livraison prévue) : ouverture du litige.",
              "Sous 5 jours ouvrables : réponse du fournisseur.",
              "Environ 10 jours ouvrables après les deux réponses : décision de Circle.",
              "De 3 à 5 jours ouvrables après l'approbation d'un remboursement : traitement du remboursement.",
            ),
            p("Nous vous tenons informé par e-mail et sur la page de la commande à chaque étape. Si une étape prend plus de temps, par exemple parce que nous attendons des informations, nous vous en expliquerons la raison."),
          ],
        },
        {
          id: "chargebacks",
          heading: "Rétrofacturations",
          blocks: [
            p("Contactez-nous avant de contester un débit auprès de votre banque. Si vous ouvrez une rétrofacturation alors qu'un litige Circle est en cours, nous pouvons clore le litige Circle et laisser la procédure bancaire trancher. Les rétrofacturations abusives peuvent entraîner la suspension du compte."),
          ],
        },
        {
          id: "fair-use",
          heading: "Utilisation loyale",
          blocks: [
            p("La Protection des acheteurs est destinée aux problèmes réels. Nous pouvons refuser la protection, annuler des points ou suspendre des comptes en cas de fraude, d'abus, de réclamations infondées répétées ou de tentatives d'obtenir à la fois le service et un remboursement. Les fournisseurs ne peuvent pas faire pression sur les acheteurs pour qu'ils retirent un litige ou modifient un avis."),
          ],
        },
        {
          id: "support",
          heading: "Contact et horaires de l'assistance",
          blocks: [
            p("Notre équipe d'assistance est disponible de 8 h à 18 h (heure du Pacifique) et répond aux e-mails sous 24 heures. Écrivez à support@circle.example pour les litiges et les remboursements, ou à legal@circle.example pour toute question sur la présente politique."),
          ],
        },
      ],
    },

    "seller-agreement": {
      title: "Contrat vendeur",
      updated: LEGAL_UPDATED,
      sections: [
        {
          id: "introduction",
          heading: "Introduction",
          blocks: [
            p("Le présent Contrat vendeur est conclu entre Circle Marketplace, Inc. (« Circle ») et toute entreprise ou personne qui publie des services sur la place de marché Circle (le « fournisseur » ou « vous »). Il s'applique en complément de nos Conditions d'utilisation, de notre politique de Protection des acheteurs et de notre politique Articles et services interdits. En créant un compte fournisseur ou en publiant une annonce, vous acceptez le présent Contrat. Il entre en vigueur le 22 novembre 2026."),
          ],
        },
        {
          id: "eligibility",
          heading: "Conditions d'accès et vérification",
          blocks: [
            ul(
              "Vous devez être une entreprise exerçant légalement ou une personne âgée de 18 ans ou plus, et la personne qui accepte le présent Contrat doit être habilitée à vous engager.",
              "Vous devez détenir, et maintenir à jour, toutes les licences et tous les enregistrements qu'exigent vos services, comme un identifiant NMLS pour les prêts hypothécaires ou les licences d'État pour les titres, le séquestre (escrow) ou l'assurance, et en fournir la preuve sur demande.",
              "Vous devez nous indiquer si vous êtes un prestataire de services de règlement au sens de RESPA et nous informer sans délai de tout changement à cet égard.",
              "Circle vérifie les fournisseurs lors de leur inscription et peut demander des informations à jour à tout moment. Figurer sur Circle constitue une inscription à un annuaire, et non une recommandation ; Circle peut refuser ou retirer toute annonce.",
            ),
          ],
        },
        {
          id: "listings",
          heading: "Annonces et prix",
          blocks: [
            ul(
              "Les annonces doivent décrire votre service de manière exacte et complète, y compris les livrables, les délais, ce qui est attendu de l'acheteur et les conditions de renouvellement et d'annulation.",
              "Vous fixez un prix public et pouvez fixer un prix Pro inférieur pour les membres Pro. Les prix sont exprimés en dollars américains et doivent correspondre au prix total que vous facturez, sans frais cachés.",
              "Vous ne devez pas proposer le même service aux acheteurs de Circle à des conditions moins favorables que celles de votre annonce.",
              "Vous devez tenir vos annonces à jour et retirer les services que vous ne pouvez plus fournir.",
            ),
          ],
        },
        {
          id: "fulfillment",
          heading: "Exécution des services",
          blocks: [
            p("Vous devez exécuter chaque commande conformément à votre annonce, dans les délais et avec la compétence et le soin raisonnables. Communiquez avec les acheteurs via Circle dans la mesure du possible, répondez rapidement aux messages et prévenez l'acheteur dès que vous avez connaissance d'un retard. Si vous proposez des consultations, honorez les réservations que vous acceptez et prévenez au moins 24 heures à l'avance si vous devez les reporter."),
          ],
        },
        {
          id: "fees-payouts",
          heading: "Frais, versements et taxes",
          blocks: [
            p("Circle perçoit les frais de place de marché indiqués dans votre tableau de bord fournisseur au moment de chaque vente. Les versements sont effectués par l'intermédiaire de notre prestataire de paiement (actuellement Stripe) après la livraison, déduction faite des frais, des remboursements, des montants de copaiement approuvés et de toute autre somme que vous devez à Circle. Vous devez effectuer l'inscription auprès du prestataire et fournir les informations fiscales qu'il demande."),
            p("Circle ne calcule, ne perçoit ni ne reverse aucune taxe. Vous êtes seul responsable de la détermination, de la facturation, de la déclaration et du paiement des taxes sur les ventes, sur l'utilisation, des impôts sur le revenu et de toute autre taxe applicable à vos ventes."),
          ],
        },
        {
          id: "respa",
          heading: "Conformité à RESPA",
          blocks: [
            p("La section 8 du Real Estate Settlement Procedures Act (RESPA, 12 U.S.C. § 2607) et son règlement d'application (Regulation X) interdisent de donner ou d'accepter des honoraires, des rétrocommissions (kickbacks) ou toute autre chose de valeur en échange de recommandations de clients vers des services de règlement, ainsi que le partage d'honoraires non justifiés par un service. De nombreux États appliquent des règles similaires ou plus strictes. Vous vous engagez à :"),
            ul(
              "ne jamais verser ni accepter sur Circle un paiement, un copaiement, une remise, des points ou tout autre avantage qui dépend de recommandations de clients vers des services de règlement ou qui vise à les récompenser ;",
              "faire en sorte que tout copaiement que vous financez ne couvre que votre juste part, proportionnée, d'actions marketing ou de services dont vous tirez un réel bénéfice, sans dépasser la juste valeur marchande ;",
              "ne jamais exiger d'un agent qu'il vous adresse des clients ni faire pression sur lui en ce sens, et ne jamais lier le copaiement au volume d'affaires qu'un agent vous apporte ;",
              "fournir toutes les informations exigées par la loi, y compris celles relatives aux accords entre entreprises affiliées (affiliated business arrangements) ;",
              "conserver pendant au moins trois ans les documents justifiant vos décisions de copaiement et coopérer à tout contrôle de Circle ou d'une autorité de régulation.",
            ),
            p("Les plafonds de copaiement de Circle sont une garantie, et non un conseil juridique. Vous restez responsable de votre propre conformité et devriez consulter votre propre avocat."),
          ],
        },
        {
          id: "co-pay",
          heading: "Offres de copaiement et financement",
          blocks: [
            ul(
              "Plafonds : si vous êtes un prestataire de services de règlement, comme un prêteur, une société de titres ou un assureur, votre copaiement est plafonné par défaut à 20 % du prix. Les autres fournisseurs peuvent proposer jusqu'à 70 %. Circle peut appliquer un plafond inférieur à tout fournisseur, service ou État.",
              "Délai de réponse : vous devez approuver ou refuser chaque demande de copaiement dans un délai de 3 jours. Une demande restée sans réponse au bout de 3 jours expire et est considérée comme refusée.",
              "Obligation de financement : une fois une demande approuvée, vous devez financer le montant approuvé. Circle peut débiter votre moyen de paiement enregistré ou déduire ce montant de vos versements. Une approbation ne peut plus être retirée une fois que l'acheteur a payé.",
              "Défaut de financement : si le financement échoue, Circle peut couvrir le montant pour l'acheteur, le recouvrer auprès de vous et suspendre vos offres de copaiement ou votre compte.",
              "Remboursements : si une commande avec copaiement est remboursée, votre part de copaiement vous est restituée au prorata du remboursement.",
              "Vous ne pouvez pas subordonner le copaiement à des avis, à une exclusivité ou à des recommandations de clients, ni augmenter vos prix pour gonfler votre part de copaiement.",
            ),
          ],
        },
        {
          id: "reviews",
          heading: "Intégrité des avis",
          blocks: [
            p("Les avis n'ont de valeur que s'ils sont honnêtes. Conformément à la règle de la Federal Trade Commission (FTC) sur les avis et témoignages de consommateurs, vous ne devez pas :"),
            ul(
              "rédiger, acheter ou organiser de faux avis, ni évaluer vos propres services ou ceux d'un concurrent ;",
              "offrir de l'argent, des remises, un copaiement, des points ou des cadeaux en échange d'un avis, ou d'un avis positif ;",
              "ne solliciter des avis qu'auprès des clients satisfaits, ni faire pression sur un acheteur pour qu'il modifie ou supprime un avis ;",
              "menacer les acheteurs qui laissent des avis négatifs ou exercer des représailles contre eux.",
            ),
            p("Vous pouvez répondre publiquement une fois à chaque avis, de manière factuelle et professionnelle. Circle retire les avis qui enfreignent ses politiques, mais ne retirera pas un avis authentique au seul motif qu'il est négatif."),
          ],
        },
        {
          id: "buyer-data",
          heading: "Données des acheteurs",
          blocks: [
            p("Vous ne pouvez utiliser les informations des acheteurs reçues via Circle que pour exécuter la commande et communiquer à son sujet. Vous devez les protéger, ne pas les vendre et respecter les lois applicables en matière de vie privée, de démarchage téléphonique et de spam, notamment le TCPA, les règles Do Not Call et la loi CAN-SPAM. Informez-nous à l'adresse legal@circle.example dans les 72 heures suivant la découverte d'un incident de sécurité touchant des données d'acheteurs de Circle."),
          ],
        },
        {
          id: "disputes",
          heading: "Litiges et remboursements des acheteurs",
          blocks: [
            p("Vous acceptez de participer à la Protection des acheteurs de Circle. Vous devez répondre à un litige dans un délai de 5 jours ouvrables et accepter la décision de Circle. Les remboursements accordés par Circle au titre de la Protection des acheteurs sont à votre charge et peuvent être déduits de vos versements ou débités de votre moyen de paiement enregistré."),
          ],
        },
        {
          id: "content-license",
          heading: "Licence sur le contenu et logement équitable",
          blocks: [
            p("Vous accordez à Circle une licence non exclusive et gratuite pour afficher votre nom commercial, vos logos, les textes de vos annonces, vos images et tout autre contenu dans le Service et dans les communications marketing de Circle. Vous confirmez détenir les droits sur ce contenu. L'ensemble de votre contenu et de vos services doit respecter le Fair Housing Act (loi sur le logement équitable) et les lois d'États équivalentes, ainsi que notre politique Articles et services interdits."),
          ],
        },
        {
          id: "indemnity",
          heading: "Indemnisation et responsabilité",
          blocks: [
            p("Vous défendrez, indemniserez et dégagerez de toute responsabilité Circle contre toute réclamation, amende, perte et tout frais, y compris les honoraires d'avocat raisonnables, découlant de vos services, de vos annonces, de vos offres de copaiement, de toute violation présumée de RESPA ou des lois sur le logement équitable qui vous serait imputable, ou de votre manquement au présent Contrat. L'exclusion de garanties et la limitation de responsabilité prévues dans nos Conditions d'utilisation s'appliquent à vous en tant que fournisseur."),
          ],
        },
        {
          id: "termination",
          heading: "Suspension et résiliation",
          blocks: [
            p("Chaque partie peut résilier le présent Contrat moyennant un préavis écrit de 30 jours. Circle peut suspendre immédiatement des annonces, des copaiements ou des versements si vous manquez au présent Contrat, si une licence expire ou si nous soupçonnons raisonnablement un risque juridique ou de conformité. Vous devez exécuter ou rembourser les commandes en cours et financer les copaiements que vous avez déjà approuvés. Les obligations qui, par nature, doivent perdurer, notamment l'indemnisation, les remboursements et la conservation des documents, survivent à la résiliation."),
          ],
        },
        {
          id: "contact",
          heading: "Modifications et contact",
          blocks: [
            p("Nous pouvons modifier le présent Contrat moyennant un préavis d'au moins 30 jours envoyé à l'adresse e-mail de votre compte fournisseur. Les questions relatives au présent Contrat ou à la conformité peuvent être adressées à legal@circle.example, et les questions opérationnelles à support@circle.example."),
          ],
        },
      ],
    },

    "prohibited-items": {
      title: "Articles et services interdits",
      updated: LEGAL_UPDATED,
      sections: [
        {
          id: "scope",
          heading: "Champ d'application",
          blocks: [
            p("La présente politique énumère les services, offres, contenus et comportements qui ne sont pas autorisés sur la place de marché Circle. Elle s'applique à chaque annonce, offre de copaiement, avis, page de tunnel de vente, fichier téléversé et message, qu'ils proviennent d'un fournisseur ou d'un agent, et fait partie de nos Conditions d'utilisation et du Contrat vendeur. Elle entre en vigueur le 22 novembre 2026. Les exemples ci-dessous ne sont pas exhaustifs : tout ce qui est illégal là où il est proposé ou reçu est interdit, même s'il ne figure pas dans cette liste."),
          ],
        },
        {
          id: "respa-kickbacks",
          heading: "Commissions de recommandation et rétrocommissions (RESPA)",
          blocks: [
            p("La section 8 du Real Estate Settlement Procedures Act (RESPA) interdit de payer ou d'accepter quoi que ce soit de valeur en échange de recommandations de clients vers des services de règlement. Sur Circle, sont interdits :"),
            ul(
              "les copaiements, remises, points, cadeaux ou services gratuits accordés en échange de l'orientation de clients vers un prêteur, une société de titres, un assureur ou un autre prestataire de services de règlement, ou dont le montant varie en fonction de ces recommandations ;",
              "les copaiements dépassant le plafond applicable (par défaut 20 % pour les prestataires de services de règlement et 70 % pour les autres fournisseurs), ou les montages conçus pour le contourner ;",
              "les accords de services marketing, programmes de prospects ou offres de « location de bureau » qui constituent en réalité des paiements pour des recommandations ;",
              "le partage d'honoraires de règlement avec une personne qui n'a fourni aucun service réel ;",
              "le fait d'exiger d'un agent ou d'un consommateur qu'il recoure à un prestataire de services de règlement donné comme condition d'une offre.",
            ),
          ],
        },
        {
          id: "unlicensed",
          heading: "Services financiers et professionnels sans licence",
          blocks: [
            ul(
              "Les prêts hypothécaires, le courtage ou l'octroi de prêts sans les licences NMLS et d'État requises.",
              "Les services de titres, de séquestre (escrow), de règlement ou d'assurance fournis par des prestataires sans licence.",
              "Les services de modification de prêt, de sauvetage en cas de saisie immobilière ou de réparation de crédit qui facturent des frais anticipés illégaux.",
              "Les évaluations réalisées par des évaluateurs sans licence ou non certifiés, ou les offres garantissant une valeur prédéterminée.",
              "Les conseils juridiques donnés par des personnes qui ne sont pas avocats, ou les services de courtage immobilier fournis par des personnes sans licence.",
              "Les titres financiers non enregistrés, les fonds d'investissement collectifs ou les montages d'investissement immobilier à rendement garanti.",
            ),
          ],
        },
        {
          id: "restricted",
          heading: "Catégories soumises à restrictions",
          blocks: [
            p("Certaines catégories ne sont autorisées qu'après vérification par Circle des licences et des informations de conformité du fournisseur : prêts et courtage hypothécaires, titres et séquestre, assurance, garanties habitation, services liés au crédit et programmes de coaching promettant des résultats financiers. Une annonce relevant de ces catégories peut être suspendue à tout moment si une licence expire ou si la vérification ne peut pas être menée à bien."),
          ],
        },
        {
          id: "fair-housing",
          heading: "Atteintes au logement équitable",
          blocks: [
            p("Le Fair Housing Act (loi sur le logement équitable) et les lois des États interdisent la discrimination en matière de logement fondée sur la race, la couleur, la religion, le sexe (y compris l'orientation sexuelle et l'identité de genre), le handicap, la situation familiale et l'origine nationale, et de nombreux États protègent d'autres caractéristiques, comme la source de revenus. Sont interdits :"),
            ul(
              "les publicités, pages de tunnel de vente ou modèles qui expriment ou laissent entendre une préférence, une limitation ou une exclusion fondée sur une caractéristique protégée ;",
              "les listes de prospects, le ciblage publicitaire ou les outils d'audience qui sélectionnent ou excluent des personnes selon des caractéristiques protégées ou des critères qui s'y substituent de près ;",
              "les outils d'orientation discriminatoire (steering) ou les rapports de quartier qui décrivent des zones selon la race, la religion ou l'origine nationale de leurs habitants ;",
              "les contenus automatisés ou générés par IA qui produisent des résultats discriminatoires.",
            ),
          ],
        },
        {
          id: "deceptive",
          heading: "Marketing trompeur et faux avis",
          blocks: [
            ul(
              "Les affirmations fausses ou non étayées, comme des ventes, des revenus ou des prospects garantis que le fournisseur ne peut pas justifier.",
              "Les prix d'appel trompeurs, les frais cachés ou les abonnements difficiles à résilier.",
              "Les avis faux, achetés, incités ou sollicités de manière sélective, et les témoignages qui déforment des expériences réelles.",
              "Le fait de se faire passer pour un autre agent, une agence, un MLS, un organisme public ou Circle, ou de prétendre que Circle approuve, recommande ou cautionne une annonce.",
              "L'utilisation de données, de photos ou d'annonces MLS sans autorisation.",
            ),
          ],
        },
        {
          id: "data-privacy",
          heading: "Données, vie privée et communications",
          blocks: [
            ul(
              "La vente ou l'utilisation de données personnelles extraites de manière automatisée, volées ou collectées sans l'information et le consentement exigés par la loi.",
              "Les services d'appels automatisés, d'envoi automatique de SMS ou de numérotation qui ne respectent pas le TCPA, les règles Do Not Call ou les lois des États sur le démarchage téléphonique.",
              "Les outils ou listes d'e-mails en masse qui ne respectent pas la loi CAN-SPAM.",
              "Les outils conçus pour contourner la sécurité, partager des identifiants de connexion ou accéder à des comptes sans autorisation.",
            ),
          ],
        },
        {
          id: "illegal-harmful",
          heading: "Articles illégaux, contrefaisants ou nuisibles",
          blocks: [
            ul(
              "Les biens ou services illégaux là où ils sont proposés ou fournis.",
              "Les logiciels piratés, les produits contrefaits, les photos, musiques ou polices sans licence et tout autre contenu portant atteinte à des droits de propriété intellectuelle.",
              "Les logiciels malveillants, logiciels espions et outils de suivi dissimulés.",
              "Les systèmes pyramidaux, programmes de recrutement en chaîne et offres d'enrichissement rapide.",
              "Les contenus pour adultes, armes, drogues, jeux d'argent et tout ce qui n'a aucun rapport avec les services aux professionnels de l'immobilier.",
            ),
          ],
        },
        {
          id: "platform-abuse",
          heading: "Abus de la place de marché",
          blocks: [
            ul(
              "Gonfler les prix pour que le copaiement ou les remises Pro paraissent plus importants qu'ils ne le sont.",
              "Créer plusieurs comptes, ou échanger, vendre ou accumuler artificiellement des points.",
              "Acheter vos propres services, ou vous entendre avec un autre utilisateur, pour obtenir des points, un meilleur classement ou des avis.",
              "Demander aux acheteurs de payer en dehors de Circle une commande passée via Circle, ce qui les prive de la Protection des acheteurs.",
              "Abuser des litiges, des rétrofacturations ou de la Protection des acheteurs.",
            ),
          ],
        },
        {
          id: "enforcement",
          heading: "Mesures d'application",
          blocks: [
            p("Si nous constatons une infraction, nous pouvons retirer des contenus ou des annonces, annuler des commandes, retenir ou annuler des versements, des copaiements et des points, suspendre ou fermer des comptes et signaler les faits aux autorités de régulation ou aux forces de l'ordre. Nous décidons en fonction de la gravité de l'infraction et de l'historique de l'utilisateur. Les infractions graves, comme les rétrocommissions, la fraude ou la discrimination, peuvent entraîner une fermeture immédiate sans avertissement préalable. Vous pouvez contester une décision dans un délai de 30 jours en écrivant à legal@circle.example."),
          ],
        },
        {
          id: "reporting",
          heading: "Signaler un problème",
          blocks: [
            p("Si vous constatez un manquement à la présente politique, utilisez l'option de signalement de l'annonce ou de l'avis, ou écrivez à legal@circle.example. Pour les problèmes urgents liés à un compte ou à une commande, contactez support@circle.example ; notre équipe est disponible de 8 h à 18 h (heure du Pacifique) et répond sous 24 heures. Nous ne tolérons aucune mesure de représailles contre quiconque signale un problème de bonne foi."),
          ],
        },
      ],
    },
    ...policiesFr,
  },
};

export default fr;
