import type { LegalLocaleContent } from '../types';
import { LEGAL_UPDATED, p, ul } from './helpers';
import { policiesEn } from './policies.en';

const en: LegalLocaleContent = {
  locale: 'en',
  ui: {
    lastUpdated: 'Last updated:',
    contents: 'Contents',
    print: 'Print',
    backToTop: 'Back to top',
  },
  docs: {
    terms: {
      title: 'Terms of Service',
      updated: LEGAL_UPDATED,
      sections: [
        {
          id: 'agreement',
          heading: 'Agreement to these Terms',
          blocks: [
            p("These Terms of Service (the “Terms”) are a binding agreement between you and Circle Marketplace, Inc. (“Circle”, “we” or “us”). They govern your use of the Circle website, web application and related services (the “Service”), an online marketplace where US real-estate agents buy marketing and business services, such as CRM, lead generation, photography, signage, coaching, lending, title and insurance, from independent vendors."),
            p("By creating an account, making a purchase or otherwise using the Service, you accept these Terms and the policies they incorporate: our Privacy Policy, Cookie Policy, Buyer Protection, Prohibited Items and Services and, for vendors, the Seller Agreement. If you do not agree, do not use the Service. These Terms are effective as of November 22, 2026. If a translation differs from the English version, the English version prevails to the extent permitted by law."),
          ],
        },
        {
          id: 'eligibility',
          heading: 'Eligibility and accounts',
          blocks: [
            ul(
              'You must be at least 18 years old and legally able to enter into a contract.',
              'The Service is offered in the United States only where local law permits it; some services or features may be unavailable in your state.',
              'You must give accurate information, including any license or brokerage details we request, and keep it current.',
              'You are responsible for all activity under your account. Keep your password confidential and tell support@circle.example promptly if you suspect unauthorized access.',
              'If you act for a brokerage or team, you confirm that you may bind it to these Terms.',
            ),
          ],
        },
        {
          id: 'marketplace',
          heading: 'How the marketplace works',
          blocks: [
            p('Circle connects agents who buy services (“buyers”) with businesses that provide them (“vendors” or “sellers”). Unless a listing says otherwise, the vendor, not Circle, provides the service you buy and is responsible for its quality, delivery, licensing and legality. Circle is not a broker, lender, title agent, insurer, law firm or financial adviser.'),
            p('Vendor listings are a directory. A vendor’s presence on Circle, a “vetted” badge or a high ranking is not an endorsement or guarantee. Vetting is a limited check when a vendor joins and does not replace your own due diligence.'),
          ],
        },
        {
          id: 'pro-membership',
          heading: 'Pro membership',
          blocks: [
            p('Pro membership is an optional subscription that unlocks Pro prices, vendor co-pay and the points wallet.'),
            ul(
              'Price: US$99 per month for the primary seat and US$49 per month for each additional seat.',
              'Billing: monthly, or yearly in advance at the price of ten months (two months free).',
              'Renewal: memberships renew automatically until you cancel. You can cancel at any time in your account settings; cancellation takes effect at the end of the current period, and you keep Pro benefits until then.',
              'Changes: we will give at least 30 days’ notice of a price or benefit change before it applies to your renewal, so you can cancel if you do not agree.',
              'Unless the law or Buyer Protection says otherwise, fees are not refunded for partial periods.',
            ),
          ],
        },
        {
          id: 'payments',
          heading: 'Prices, payments and taxes',
          blocks: [
            p('Listings show a retail price and, where offered, a lower Pro price for active Pro members. Vendors set prices, shown in US dollars. Payments are made on a hosted payment page run by our payment processor (currently Stripe); Circle never stores your full card number. By confirming a payment, you authorize us and our processor to charge the total shown at checkout.'),
            p('Circle does not calculate, collect or remit any tax. Buyers are responsible for taxes on their purchases, and sellers for taxes on their sales and income.'),
          ],
        },
        {
          id: 'co-pay',
          heading: 'Vendor co-pay',
          blocks: [
            p('Some vendors offer to pay part of a Pro member’s cost for a service (“co-pay”). Co-pay is at the vendor’s discretion and each request must be approved by the vendor.'),
            p('To support compliance with Section 8 of the Real Estate Settlement Procedures Act (RESPA), co-pay is capped: by default, settlement service providers such as lenders, title companies and insurers may cover at most 20% of the cost, and other vendors up to 70%. Co-pay must reflect the vendor’s fair share of a service that genuinely benefits it, and may never be given or accepted in exchange for referrals. You agree to pay your own share and to follow any stricter rules of your brokerage or state.'),
          ],
        },
        {
          id: 'points',
          heading: 'Points wallet',
          blocks: [
            p('Pro members may earn points in their wallet. One point equals US$1 of value on eligible Circle purchases. Points are a promotional benefit, not money: they have no cash value and cannot be sold, transferred or cashed out except where the law requires. Points may expire as stated when issued. We may remove points obtained by fraud, error or a reversed transaction, and unused points are forfeited if your account is closed for a breach of these Terms.'),
          ],
        },
        {
          id: 'features',
          heading: 'Consultations, AI concierge and affiliate links',
          blocks: [
            ul(
              'Consultations: you can book consultations with vendors. The consultation is between you and the vendor; Circle only provides scheduling and is not responsible for the advice given.',
              'AI concierge: the AI concierge recommends tools based on what you tell it. Its answers are generated automatically, may be wrong, and are not legal, financial or tax advice. Verify important information before relying on it.',
              'Affiliate links: if you follow an affiliate link and buy on the partner’s site within 30 days, Circle may earn a commission. Partner sites have their own terms.',
            ),
          ],
        },
        {
          id: 'user-content',
          heading: 'Your content',
          blocks: [
            p('You are responsible for the content you submit, including reviews, funnel pages and uploads (“User Content”). It must be accurate and lawful, you must have the rights to share it, and it must comply with our Prohibited Items and Services policy.'),
            p('You keep ownership of your User Content and grant Circle a worldwide, non-exclusive, royalty-free license to host, copy, format and display it to operate and promote the Service. This license ends when you delete the content, except for backup copies kept for a limited time or where the law requires retention. We may remove User Content that breaks these Terms.'),
          ],
        },
        {
          id: 'acceptable-use',
          heading: 'Acceptable use',
          blocks: [
            p('When you use the Service, you must not:'),
            ul(
              'break any law, including RESPA, fair-housing, consumer-protection, anti-spam and privacy laws;',
              'offer, request or accept anything of value in exchange for referrals of settlement service business;',
              'post false or paid reviews, or manipulate ratings;',
              'scrape, reverse-engineer or interfere with the Service or its security;',
              'impersonate anyone or access an account that is not yours.',
            ),
          ],
        },
        {
          id: 'intellectual-property',
          heading: 'Circle’s intellectual property',
          blocks: [
            p('The Service, including its software, design, text and the Circle name and logo, belongs to Circle or its licensors. We grant you a limited, revocable, non-transferable license to use the Service as intended under these Terms. We may use your feedback without obligation to you.'),
          ],
        },
        {
          id: 'disclaimers',
          heading: 'Disclaimers',
          blocks: [
            p('THE SERVICE IS PROVIDED “AS IS” AND “AS AVAILABLE”. TO THE FULLEST EXTENT PERMITTED BY LAW, CIRCLE DISCLAIMS ALL WARRANTIES, EXPRESS OR IMPLIED, INCLUDING WARRANTIES OF MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE, TITLE AND NON-INFRINGEMENT. We do not promise that the Service will be error-free or that any vendor or result will meet your expectations.'),
          ],
        },
        {
          id: 'liability',
          heading: 'Limitation of liability',
          blocks: [
            p('TO THE FULLEST EXTENT PERMITTED BY LAW, CIRCLE WILL NOT BE LIABLE FOR ANY INDIRECT, INCIDENTAL, SPECIAL, CONSEQUENTIAL OR PUNITIVE DAMAGES, OR FOR LOST PROFITS, DATA OR BUSINESS OPPORTUNITIES, ARISING FROM THE SERVICE OR ANY VENDOR’S SERVICE. CIRCLE’S TOTAL LIABILITY FOR ALL CLAIMS WILL NOT EXCEED THE GREATER OF THE AMOUNTS YOU PAID TO CIRCLE IN THE 12 MONTHS BEFORE THE CLAIM AROSE OR US$100. Some jurisdictions do not allow these limitations, so some of them may not apply to you.'),
          ],
        },
        {
          id: 'indemnification',
          heading: 'Indemnification',
          blocks: [
            p('You agree to defend, indemnify and hold harmless Circle and its officers, directors, employees and agents from any claims, losses, damages, fines and costs, including reasonable attorneys’ fees, arising from your use of the Service, your User Content, your dealings with other users, or your breach of these Terms or of any law.'),
          ],
        },
        {
          id: 'disputes',
          heading: 'Disputes and governing law',
          blocks: [
            p('Disputes about an order must be opened within 30 days, as described in our Buyer Protection policy. For any other disagreement, write first to legal@circle.example so we can try to resolve it informally within 60 days.'),
            p('These Terms are governed by Delaware law and applicable US federal law, without regard to conflict-of-laws rules. Unless your local law requires otherwise, unresolved disputes will be heard by the state or federal courts in Delaware.'),
          ],
        },
        {
          id: 'termination',
          heading: 'Suspension and termination',
          blocks: [
            p('You may close your account at any time. We may suspend or terminate access if you breach these Terms, if the law requires it, or to protect the Service and its users. Provisions that by their nature should continue, such as payment obligations, disclaimers, limitation of liability and indemnification, survive termination.'),
          ],
        },
        {
          id: 'changes',
          heading: 'Changes to these Terms',
          blocks: [
            p('We will give at least 30 days’ notice of material changes to these Terms by e-mail or in the Service, unless the law requires a change sooner. Using the Service after a change takes effect means you accept it.'),
          ],
        },
        {
          id: 'contact',
          heading: 'Contact',
          blocks: [
            p('Circle Marketplace, Inc. Legal: legal@circle.example. Support: support@circle.example, available from 8 AM to 6 PM Pacific Time, with e-mail replies within 24 hours.'),
          ],
        },
      ],
    },

    privacy: {
      title: 'Privacy Policy',
      updated: LEGAL_UPDATED,
      sections: [
        {
          id: 'introduction',
          heading: 'Introduction',
          blocks: [
            p('This Privacy Policy explains how Circle Marketplace, Inc. (“Circle”, “we” or “us”) collects, uses, shares and protects personal information when you use the Circle marketplace, website and web application (the “Service”). It applies to agents who buy services, vendors who sell them and visitors to our site. It takes effect on November 22, 2026. The Service is offered in English, Spanish and French; if the versions differ, the English version prevails to the extent permitted by law.'),
          ],
        },
        {
          id: 'information-we-collect',
          heading: 'Information we collect',
          blocks: [
            ul(
              'Account and profile information: your name, e-mail address, phone number, brokerage, real-estate license details, language preference and password (which we store only in hashed form).',
              'Membership and transaction information: your Pro plan and seats, orders, co-pay requests and approvals, points balance and history, refunds and disputes.',
              'Payment information: you enter card details on the hosted payment page of our payment processor (currently Stripe). Circle does not receive or store your full card number; we receive limited details such as the card brand, the last four digits and the payment status.',
              'User content: reviews, funnel pages, images, documents and other uploads, and messages you send to vendors or to our support team.',
              'Consultations: the vendor, date, time and any notes you add when you book a consultation.',
              'AI concierge: the questions you ask, the information you share in the conversation and the recommendations it returns.',
              'Usage and device information: IP address, browser type, device information, pages viewed, links clicked (including affiliate links), dates and times of visits and error logs.',
              'Information from others: confirmations from vendors (for example, that a co-pay was approved or a service delivered), and conversion reports from affiliate partners.',
            ),
          ],
        },
        {
          id: 'how-we-use',
          heading: 'How we use information',
          blocks: [
            ul(
              'To create and manage your account and provide the Service, including Pro membership, pricing, checkout, points and consultations.',
              'To process payments, refunds and disputes, and to prevent fraud and abuse.',
              'To operate co-pay, including checking that co-pay stays within the limits we apply under RESPA and keeping compliance records.',
              'To generate AI concierge recommendations and to improve their quality.',
              'To respond to support requests and send service messages, such as receipts, renewal reminders and security alerts.',
              'To understand how the Service is used and improve it, using analytics only if you consent to analytics cookies.',
              'To send marketing messages where permitted by law. You can unsubscribe at any time using the link in each message.',
              'To comply with legal obligations, enforce our terms and protect the rights and safety of our users, vendors and Circle.',
            ),
          ],
        },
        {
          id: 'sharing',
          heading: 'How we share information',
          blocks: [
            p('We share personal information only as described below:'),
            ul(
              'With vendors: when you buy a service, book a consultation or request co-pay, we share the details the vendor needs, such as your name, contact information, brokerage and order details. Vendors use this information under their own privacy policies and our Seller Agreement.',
              'With service providers: companies that host our systems, process payments, send e-mail, provide analytics or power the AI concierge, acting on our instructions.',
              'With affiliate partners: when you follow an affiliate link, the partner receives a referral identifier so it can attribute a purchase made within 30 days.',
              'For legal reasons: when required by law, subpoena or regulator request, or to protect rights, property and safety.',
              'In a business transfer: as part of a merger, acquisition or sale of assets, subject to this Policy.',
              'With your consent or at your direction.',
            ),
            p('We do not sell personal information for money. If you turn on marketing cookies, some information may be shared with advertising partners in a way that certain state laws call a “sale” or “sharing” for targeted advertising. You can opt out at any time by turning marketing cookies off in cookie settings or by enabling Global Privacy Control in your browser.'),
          ],
        },
        {
          id: 'cookies',
          heading: 'Cookies',
          blocks: [
            p('We use necessary cookies, including an HttpOnly session cookie that keeps you signed in, and, only with your consent, analytics, functional and marketing cookies. Your choices are stored in your browser. See our Cookie Policy for details.'),
          ],
        },
        {
          id: 'retention',
          heading: 'How long we keep information',
          blocks: [
            p('We keep personal information only as long as needed for the purposes described in this Policy. Account information is kept while your account is open. Transaction, co-pay and tax-related records are kept for as long as accounting, tax and compliance rules require, usually seven years. Logs and AI concierge conversations are kept for shorter periods unless they are needed for security or a dispute. When information is no longer needed, we delete or anonymize it.'),
          ],
        },
        {
          id: 'security',
          heading: 'Security',
          blocks: [
            p('We protect information with technical and organizational measures, including encrypted connections, hashed passwords, HttpOnly session cookies, access controls and monitoring. No system is completely secure, so we cannot guarantee absolute security. If we learn of a breach that affects your personal information, we will notify you as required by law.'),
          ],
        },
        {
          id: 'your-rights',
          heading: 'Your privacy rights',
          blocks: [
            p('Depending on your state of residence, including under the California Consumer Privacy Act and similar laws, you may have the right to:'),
            ul(
              'know and access the personal information we hold about you;',
              'correct inaccurate information;',
              'delete your information, subject to legal exceptions;',
              'receive a portable copy of your information;',
              'opt out of the sale or sharing of your information and of targeted advertising;',
              'withdraw consent, for example to analytics or marketing cookies.',
            ),
            p('To make a request, write to legal@circle.example. We will verify your identity before acting and respond within 45 days, or tell you if we need more time as the law allows. You may use an authorized agent. If we deny your request, you can appeal by replying to our decision. We will not discriminate against you for exercising your rights.'),
          ],
        },
        {
          id: 'children',
          heading: 'Children',
          blocks: [
            p('The Service is for professionals aged 18 or older. We do not knowingly collect personal information from anyone under 18. If you believe a minor has given us information, contact us and we will delete it.'),
          ],
        },
        {
          id: 'international',
          heading: 'Where information is processed',
          blocks: [
            p('Circle is based in the United States, and we process and store information in the United States. If you access the Service from elsewhere, your information will be transferred to the United States, where data-protection laws may differ from those in your country.'),
          ],
        },
        {
          id: 'changes',
          heading: 'Changes to this Policy',
          blocks: [
            p('We may update this Policy from time to time. We will post the new version with a new “Last updated” date and, for material changes, notify you by e-mail or in the Service before they take effect.'),
          ],
        },
        {
          id: 'contact',
          heading: 'Contact us',
          blocks: [
            p('For privacy questions or requests, contact Circle Marketplace, Inc. at legal@circle.example. For help with your account, write to support@circle.example. Support is available from 8 AM to 6 PM Pacific Time, and we reply to e-mails within 24 hours.'),
          ],
        },
      ],
    },

    cookies: {
      title: 'Cookie Policy',
      updated: LEGAL_UPDATED,
      sections: [
        {
          id: 'overview',
          heading: 'Overview',
          blocks: [
            p('This Cookie Policy explains how Circle Marketplace, Inc. (“Circle”) uses cookies and similar technologies on the Circle website and web application, and how you can control them. It should be read together with our Privacy Policy. It takes effect on November 22, 2026.'),
          ],
        },
        {
          id: 'what-are-cookies',
          heading: 'What cookies are',
          blocks: [
            p('Cookies are small text files that a website stores in your browser. Similar technologies, such as local storage, let a site save information on your device in the same way. Some are set by Circle (first-party) and others by companies that provide services to us or to you (third-party). Some last only until you close your browser (session cookies); others remain for a set period (persistent cookies).'),
          ],
        },
        {
          id: 'categories',
          heading: 'Categories we use',
          blocks: [
            ul(
              'Necessary (always on): required for the Service to work, for example keeping you signed in, protecting forms against forgery, balancing traffic, remembering the language you selected (English, Spanish or French) and remembering your cookie choices. These cannot be switched off in our banner because the Service would not function without them.',
              'Analytics (optional): help us understand how visitors use the Service, such as which pages are viewed and where errors occur, so that we can improve it. We use the results in aggregate.',
              'Functional (optional): remember preferences that improve your experience, such as display settings and recently viewed items.',
              'Marketing (optional): measure the effectiveness of our campaigns and show you more relevant Circle advertising on other sites.',
            ),
            p('Analytics, functional and marketing cookies are off until you choose to turn them on. If you decline them, you can still use every feature of the marketplace, including checkout and your points wallet; some preferences may simply not be remembered between visits.'),
          ],
        },
        {
          id: 'session-cookie',
          heading: 'Your sign-in session',
          blocks: [
            p('When you sign in, we set a session cookie marked HttpOnly, which means it cannot be read by scripts running in the page. This helps protect your account against cross-site scripting attacks. The cookie is sent only over secure connections, is limited to Circle, and is removed when you sign out or when the session expires. It is a necessary cookie and does not track you across other websites.'),
          ],
        },
        {
          id: 'duration',
          heading: 'How long cookies last',
          blocks: [
            ul(
              'Session cookie: until you sign out or the session expires after a period of inactivity.',
              'Security and load-balancing cookies: no longer than a single browsing session.',
              'Consent record: until you change your choices, clear your browser storage or we update the consent version.',
              'Analytics, functional and marketing cookies: no more than 13 months from when they are set, and usually less.',
            ),
          ],
        },
        {
          id: 'consent',
          heading: 'How consent works',
          blocks: [
            p('When you first visit Circle, a consent banner lets you accept all optional cookies, reject them or choose by category. Your choice is saved in your browser together with the version of the consent text you saw (currently version 1.0) and the date. Because the choice is stored in your browser, it applies only to that browser and device. If you clear your browser storage or use another device, the banner appears again.'),
            p('If we add new categories or change how we use cookies in a way that affects your choice, we will update the consent version and ask you again.'),
          ],
        },
        {
          id: 'managing',
          heading: 'Changing your choices',
          blocks: [
            ul(
              'Use the “Cookie settings” link in the footer of any page to change or withdraw your consent at any time. Withdrawing consent stops future use but does not affect use before the withdrawal.',
              'Most browsers let you block or delete cookies. If you block necessary cookies, you will not be able to sign in or complete a purchase.',
              'If your browser sends a Global Privacy Control or Do Not Track signal, we do not show the banner and keep analytics, functional and marketing cookies off unless you switch them on in cookie settings.',
            ),
          ],
        },
        {
          id: 'third-parties',
          heading: 'Third-party cookies',
          blocks: [
            ul(
              'Payments: checkout takes place on a hosted payment page run by our payment processor (currently Stripe), which may set its own cookies to process payments and prevent fraud.',
              'Analytics and advertising providers: only if you consent to the matching category.',
              'Affiliate partners: when you follow an affiliate link, the partner may set cookies on its own site to credit Circle for a purchase made within 30 days. These cookies are governed by the partner’s policy.',
            ),
            p('We do not control third-party cookies. Please review those companies’ own policies.'),
          ],
        },
        {
          id: 'privacy-signals',
          heading: 'Cookies and your privacy rights',
          blocks: [
            p('Under some state privacy laws, using marketing cookies to show you ads on other websites may count as a “sale” or “sharing” of personal information. You can opt out at any time by switching marketing cookies off in cookie settings. We also honor browser privacy signals: when your browser sends Global Privacy Control or Do Not Track, we treat it as a refusal of all optional cookies, including marketing cookies, in that browser. See our Privacy Policy for your other rights.'),
          ],
        },
        {
          id: 'changes',
          heading: 'Changes to this Policy',
          blocks: [
            p('We may update this Cookie Policy. The “Last updated” date shows the current version, and we will ask for your consent again where the change requires it.'),
          ],
        },
        {
          id: 'contact',
          heading: 'Contact',
          blocks: [
            p('Questions about cookies or this Policy can be sent to Circle Marketplace, Inc. at legal@circle.example. For help with your account, write to support@circle.example; our team is available from 8 AM to 6 PM Pacific Time and replies within 24 hours.'),
          ],
        },
      ],
    },

    'buyer-protection': {
      title: 'Buyer Protection',
      updated: LEGAL_UPDATED,
      sections: [
        {
          id: 'overview',
          heading: 'Overview',
          blocks: [
            p('Circle Buyer Protection helps agents who buy services on the Circle marketplace when something goes wrong with an order. It is provided by Circle Marketplace, Inc. (“Circle”), forms part of our Terms of Service and takes effect on November 22, 2026. It does not limit any rights you have under applicable law.'),
          ],
        },
        {
          id: 'coverage',
          heading: 'What is covered',
          blocks: [
            p('Buyer Protection applies to services ordered and paid for through Circle checkout by a buyer whose account is in good standing. It covers both retail and Pro purchases, including orders paid partly with points or co-pay. You may be eligible for a refund or other remedy if:'),
            ul(
              'the vendor did not deliver the service or did not start it within the time stated in the listing;',
              'the service delivered is materially different from its listing description, for example missing deliverables, a different quantity or a lower tier;',
              'the vendor cancelled the order or can no longer provide the service;',
              'you were charged twice, charged the wrong amount or charged for an order you did not place;',
              'a vendor approved co-pay but did not fund it, in which case you will not pay more than the total shown at checkout.',
            ),
          ],
        },
        {
          id: 'not-covered',
          heading: 'What is not covered',
          blocks: [
            ul(
              'Dissatisfaction with business results, such as the number of leads or closings, unless the listing expressly guaranteed that result.',
              'Change of mind after the service has been delivered as described.',
              'Problems caused by missing or incorrect information that you gave the vendor.',
              'Purchases made outside Circle, including on partner sites reached through affiliate links.',
              'Recommendations from the AI concierge, which are informational only.',
              'Consultations that do not involve a payment through Circle.',
              'Pro membership fees for partial periods, except for billing errors or where the law requires a refund.',
            ),
          ],
        },
        {
          id: 'opening-a-dispute',
          heading: 'How to open a dispute',
          blocks: [
            p('We encourage you to contact the vendor first through your order page; many issues are solved quickly this way. If that does not work, open a dispute from the order page or by writing to support@circle.example. Only the buyer who placed the order, or an administrator of the buyer’s team account, can open a dispute.'),
            p('Disputes must be opened within 30 days of the delivery date or, if the service was never delivered, within 30 days of the expected delivery date. Please include your order number, a description of the problem, what you would like as a solution and any supporting evidence, such as messages, files or screenshots.'),
          ],
        },
        {
          id: 'recurring',
          heading: 'Recurring services',
          blocks: [
            p('Some vendors sell services billed in recurring periods, such as a monthly CRM subscription. Each billing period is treated as a separate order: the 30-day window to open a dispute runs from the start of each period. You can cancel future renewals from the order page at any time. Cancelling does not refund the current period unless the service was not provided as described during that period.'),
          ],
        },
        {
          id: 'resolution',
          heading: 'How we resolve disputes',
          blocks: [
            ul(
              'We notify the vendor, who must respond within 5 business days.',
              'We review the listing, order history, messages and evidence from both sides, and may ask either side for more information.',
              'We aim to reach a decision within 10 business days after receiving both responses. If the vendor does not respond in time, we may decide on the information available.',
              'Possible outcomes include a full refund, a partial refund, re-delivery or correction of the service, or closing the dispute without a refund.',
            ),
            p('We decide in good faith based on the evidence, the listing and our policies. You can ask us to reconsider once, within 14 days, if you have new information.'),
          ],
        },
        {
          id: 'refunds',
          heading: 'Refunds',
          blocks: [
            ul(
              'Approved refunds are processed to your original payment method within 3-5 business days. Your bank or card issuer may take longer to show the credit.',
              'Points you used on the order are returned to your points wallet.',
              'The part of the price covered by a vendor co-pay is returned to the vendor that funded it, not paid out to you.',
              'Refunds are in US dollars for the amount actually charged. Circle does not calculate taxes; contact the vendor about any tax adjustment.',
            ),
          ],
        },
        {
          id: 'timeline',
          heading: 'Timeline at a glance',
          blocks: [
            ul(
              'Up to 30 days after delivery (or expected delivery): open a dispute.',
              'Within 5 business days: the vendor responds.',
              'Within about 10 business days of both responses: Circle decides.',
              'Within 3-5 business days of an approved refund: the refund is processed.',
            ),
            p('We keep you informed by e-mail and on the order page at each step. If a step takes longer, for example because we are waiting for information, we will tell you why.'),
          ],
        },
        {
          id: 'chargebacks',
          heading: 'Chargebacks',
          blocks: [
            p('Please contact us before disputing a charge with your bank. If you open a chargeback while a Circle dispute is in progress, we may close the Circle dispute and let the bank’s process decide. Chargebacks filed in bad faith may lead to account suspension.'),
          ],
        },
        {
          id: 'fair-use',
          heading: 'Fair use',
          blocks: [
            p('Buyer Protection is intended for genuine problems. We may refuse protection, reverse points or suspend accounts in cases of fraud, abuse, repeated unfounded claims or attempts to receive both the service and a refund. Vendors may not pressure buyers to withdraw a dispute or to change a review.'),
          ],
        },
        {
          id: 'support',
          heading: 'Contact and support hours',
          blocks: [
            p('Our support team is available from 8 AM to 6 PM Pacific Time and replies to e-mails within 24 hours. Write to support@circle.example for disputes and refunds, or legal@circle.example for questions about this policy.'),
          ],
        },
      ],
    },

    'seller-agreement': {
      title: 'Seller Agreement',
      updated: LEGAL_UPDATED,
      sections: [
        {
          id: 'introduction',
          heading: 'Introduction',
          blocks: [
            p('This Seller Agreement is a contract between Circle Marketplace, Inc. (“Circle”) and any business or individual that lists services on the Circle marketplace (“vendor” or “you”). It applies in addition to our Terms of Service, Buyer Protection policy and Prohibited Items and Services policy. By creating a vendor account or publishing a listing, you accept this Agreement. It takes effect on November 22, 2026.'),
          ],
        },
        {
          id: 'eligibility',
          heading: 'Eligibility and vetting',
          blocks: [
            ul(
              'You must be a lawfully operating business or an individual aged 18 or older, and the person accepting this Agreement must be authorized to bind you.',
              'You must hold and keep current every license and registration your services require, such as an NMLS identifier for mortgage lending or state licenses for title, escrow or insurance, and give us proof on request.',
              'You must tell us whether you are a settlement service provider under RESPA and update us promptly if that changes.',
              'Circle vets vendors when they join and may ask for updated information at any time. Being listed is a directory entry, not an endorsement, and Circle may decline or remove any listing.',
            ),
          ],
        },
        {
          id: 'listings',
          heading: 'Listings and prices',
          blocks: [
            ul(
              'Listings must describe your service accurately and completely, including deliverables, timelines, requirements from the buyer, renewal terms and cancellation terms.',
              'You set a retail price and may set a lower Pro price for Pro members. Prices are in US dollars and must be the full price you charge, without hidden fees.',
              'You must not offer the same service to Circle buyers on worse terms than those shown in your listing.',
              'You must keep listings up to date and remove services you can no longer provide.',
            ),
          ],
        },
        {
          id: 'fulfillment',
          heading: 'Delivering services',
          blocks: [
            p('You must deliver each order as described in your listing, on time and with reasonable skill and care. Communicate with buyers through Circle where possible, respond to messages promptly and tell the buyer as soon as you learn of a delay. If you offer consultations, honor the bookings you accept and give at least 24 hours’ notice if you need to reschedule.'),
          ],
        },
        {
          id: 'fees-payouts',
          heading: 'Fees, payouts and taxes',
          blocks: [
            p('Circle charges the marketplace fees shown in your vendor dashboard at the time of each sale. Payouts are made through our payment processor (currently Stripe) after delivery, less fees, refunds, approved co-pay amounts and any other amounts you owe Circle. You must complete the processor’s onboarding and provide any tax information it requests.'),
            p('Circle does not calculate, collect or remit taxes. You are solely responsible for determining, charging, reporting and paying any sales, use, income or other taxes on your sales.'),
          ],
        },
        {
          id: 'respa',
          heading: 'RESPA compliance',
          blocks: [
            p('Section 8 of the Real Estate Settlement Procedures Act (RESPA, 12 U.S.C. § 2607) and its Regulation X prohibit giving or accepting any fee, kickback or other thing of value in exchange for referrals of settlement service business, and prohibit unearned fee splits. Many states have similar or stricter rules. You agree that:'),
            ul(
              'you will never make or accept any payment, co-pay, discount, points or other benefit on Circle that depends on, or is intended to reward, the referral of settlement service business;',
              'any co-pay you fund pays only for your fair, proportionate share of marketing or services that genuinely benefit you, at no more than fair market value;',
              'you will not require or pressure an agent to refer clients to you, or track co-pay against the business an agent sends you;',
              'you will give any disclosures required by law, including affiliated business arrangement disclosures;',
              'you will keep records supporting your co-pay decisions for at least three years and cooperate with any review by Circle or a regulator.',
            ),
            p('Circle’s co-pay limits are a safeguard, not legal advice. You remain responsible for your own compliance and should consult your own counsel.'),
          ],
        },
        {
          id: 'co-pay',
          heading: 'Co-pay offers and funding',
          blocks: [
            ul(
              'Limits: if you are a settlement service provider, such as a lender, title company or insurer, your co-pay is capped at 20% of the price by default. Other vendors may offer up to 70%. Circle may apply a lower limit to any vendor, service or state.',
              'Response window: you must approve or decline each co-pay request within 3 days. A request that receives no answer within 3 days expires and is treated as declined.',
              'Funding obligation: once you approve a request, you must fund the approved amount. Circle may charge your payment method on file or deduct the amount from your payouts. An approval cannot be withdrawn after the buyer has paid.',
              'Failed funding: if funding fails, Circle may cover the amount for the buyer, recover it from you, and suspend your co-pay offers or your account.',
              'Refunds: if an order with co-pay is refunded, your co-pay share is returned to you in proportion to the refund.',
              'You may not condition co-pay on reviews, exclusivity or referrals, or raise prices to inflate the co-pay share.',
            ),
          ],
        },
        {
          id: 'reviews',
          heading: 'Review integrity',
          blocks: [
            p('Reviews are valuable only if they are honest. Consistent with the Federal Trade Commission’s rule on consumer reviews and testimonials, you must not:'),
            ul(
              'write, buy or arrange fake reviews, or review your own services or a competitor’s;',
              'offer money, discounts, co-pay, points or gifts in exchange for a review, or for a positive one;',
              'ask only satisfied customers for reviews, or pressure a buyer to change or remove a review;',
              'threaten or retaliate against buyers who leave negative reviews.',
            ),
            p('You may respond publicly to reviews once, factually and professionally. Circle removes reviews that break our policies but will not remove a genuine review only because it is negative.'),
          ],
        },
        {
          id: 'buyer-data',
          heading: 'Buyer data',
          blocks: [
            p('You may use buyer information received through Circle only to perform the order and communicate about it. You must keep it secure, must not sell it, and must follow applicable privacy, telemarketing and anti-spam laws, including the TCPA, the Do Not Call rules and CAN-SPAM. Tell us at legal@circle.example within 72 hours of discovering a security incident affecting Circle buyer data.'),
          ],
        },
        {
          id: 'disputes',
          heading: 'Buyer disputes and refunds',
          blocks: [
            p('You agree to take part in Circle Buyer Protection. You must respond to a dispute within 5 business days and accept Circle’s decision. Refunds that Circle grants under Buyer Protection are funded by you and may be deducted from your payouts or charged to your payment method on file.'),
          ],
        },
        {
          id: 'content-license',
          heading: 'Content license and fair housing',
          blocks: [
            p('You grant Circle a non-exclusive, royalty-free license to display your business name, logos, listing text, images and other content in the Service and in Circle marketing. You confirm that you have the rights to this content. All of your content and services must comply with the Fair Housing Act and equivalent state laws and with our Prohibited Items and Services policy.'),
          ],
        },
        {
          id: 'indemnity',
          heading: 'Indemnification and liability',
          blocks: [
            p('You will defend, indemnify and hold harmless Circle from any claims, fines, losses and costs, including reasonable attorneys’ fees, arising from your services, your listings, your co-pay offers, any alleged RESPA or fair-housing violation by you, or your breach of this Agreement. The disclaimers and limitation of liability in our Terms of Service apply to you as a vendor.'),
          ],
        },
        {
          id: 'termination',
          heading: 'Suspension and termination',
          blocks: [
            p('Either party may end this Agreement with 30 days’ written notice. Circle may suspend listings, co-pay or payouts immediately if you breach this Agreement, if a license lapses, or if we reasonably suspect a legal or compliance risk. You must complete or refund open orders and fund co-pay you have already approved. Obligations that by their nature survive, including indemnification, refunds and record-keeping, continue after termination.'),
          ],
        },
        {
          id: 'contact',
          heading: 'Changes and contact',
          blocks: [
            p('We may update this Agreement with at least 30 days’ notice to the e-mail address on your vendor account. Questions about this Agreement or compliance can be sent to legal@circle.example; operational questions to support@circle.example.'),
          ],
        },
      ],
    },

    'prohibited-items': {
      title: 'Prohibited Items and Services',
      updated: LEGAL_UPDATED,
      sections: [
        {
          id: 'scope',
          heading: 'Scope',
          blocks: [
            p('This policy lists services, offers, content and conduct that are not allowed on the Circle marketplace. It applies to every listing, co-pay offer, review, funnel page, upload and message, whether from a vendor or an agent, and forms part of our Terms of Service and Seller Agreement. It takes effect on November 22, 2026. The examples below are not exhaustive: anything illegal where it is offered or received is prohibited, even if it is not listed here.'),
          ],
        },
        {
          id: 'respa-kickbacks',
          heading: 'Referral fees and kickbacks (RESPA)',
          blocks: [
            p('Section 8 of the Real Estate Settlement Procedures Act prohibits paying or accepting anything of value for referrals of settlement service business. On Circle, the following are prohibited:'),
            ul(
              'co-pay, discounts, points, gifts or free services given in exchange for, or that vary with, the referral of clients to a lender, title company, insurer or other settlement service provider;',
              'co-pay above the applicable limit (by default 20% for settlement service providers and 70% for other vendors), or arrangements designed to get around it;',
              'marketing services agreements, lead programs or “desk rental” offers that are in substance payments for referrals;',
              'splitting a settlement fee with someone who performed no actual service;',
              'requiring an agent or consumer to use a particular settlement service provider as a condition of an offer.',
            ),
          ],
        },
        {
          id: 'unlicensed',
          heading: 'Unlicensed financial and professional services',
          blocks: [
            ul(
              'Mortgage lending, brokering or loan origination without the required NMLS and state licenses.',
              'Title, escrow, settlement or insurance services by unlicensed providers.',
              'Loan modification, foreclosure rescue or credit repair services that charge illegal advance fees.',
              'Appraisals by unlicensed or uncertified appraisers, or offers to deliver a predetermined value.',
              'Legal advice from non-lawyers, or real-estate brokerage services by unlicensed persons.',
              'Unregistered securities, investment pools or guaranteed-return real-estate investment schemes.',
            ),
          ],
        },
        {
          id: 'restricted',
          heading: 'Restricted categories',
          blocks: [
            p('Some categories are allowed only after Circle has verified the vendor’s licenses and compliance information: mortgage lending and brokering, title and escrow, insurance, home warranties, credit-related services and coaching programs that promise financial results. A listing in these categories may be paused at any time if a license lapses or verification cannot be completed.'),
          ],
        },
        {
          id: 'fair-housing',
          heading: 'Fair-housing violations',
          blocks: [
            p('The Fair Housing Act and state laws prohibit discrimination in housing based on race, color, religion, sex (including sexual orientation and gender identity), disability, familial status and national origin, and many states protect further characteristics such as source of income. The following are prohibited:'),
            ul(
              'advertising, funnel pages or templates that state or imply a preference, limitation or exclusion based on a protected characteristic;',
              'lead lists, ad targeting or audience tools that select or exclude people by protected characteristics or close substitutes for them;',
              'steering tools or neighborhood reports that describe areas by the race, religion or national origin of residents;',
              'automated or AI-generated content that produces discriminatory results.',
            ),
          ],
        },
        {
          id: 'deceptive',
          heading: 'Deceptive marketing and fake reviews',
          blocks: [
            ul(
              'False or unsupported claims, such as guaranteed closings, income or leads that the vendor cannot substantiate.',
              'Bait-and-switch pricing, hidden fees or subscriptions that are hard to cancel.',
              'Fake, purchased, incentivized or selectively solicited reviews, and testimonials that misrepresent real experiences.',
              'Impersonating another agent, brokerage, MLS, government agency or Circle, or claiming that Circle approves, recommends or endorses a listing.',
              'Use of MLS data, photos or listings without authorization.',
            ),
          ],
        },
        {
          id: 'data-privacy',
          heading: 'Data, privacy and communications',
          blocks: [
            ul(
              'Sale or use of personal data that was scraped, stolen or collected without the notice and consent the law requires.',
              'Robocalling, auto-texting or dialing services that do not comply with the TCPA, Do Not Call rules or state telemarketing laws.',
              'Bulk e-mail tools or lists that do not comply with CAN-SPAM.',
              'Tools designed to bypass security, share login credentials or access accounts without permission.',
            ),
          ],
        },
        {
          id: 'illegal-harmful',
          heading: 'Illegal, infringing or harmful items',
          blocks: [
            ul(
              'Goods or services that are illegal where they are offered or delivered.',
              'Pirated software, counterfeit goods, unlicensed photos, music or fonts, and other content that infringes intellectual-property rights.',
              'Malware, spyware and hidden tracking tools.',
              'Pyramid schemes, chain recruiting programs and get-rich-quick offers.',
              'Adult content, weapons, drugs, gambling and anything unrelated to real-estate business services.',
            ),
          ],
        },
        {
          id: 'platform-abuse',
          heading: 'Abuse of the marketplace',
          blocks: [
            ul(
              'Inflating prices so that co-pay or Pro discounts appear larger than they are.',
              'Creating multiple accounts, or trading, selling or farming points.',
              'Buying your own services, or colluding with another user, to earn points, rankings or reviews.',
              'Asking buyers to pay outside Circle for an order placed through Circle, which removes their Buyer Protection.',
              'Abusing disputes, chargebacks or Buyer Protection.',
            ),
          ],
        },
        {
          id: 'enforcement',
          heading: 'Enforcement',
          blocks: [
            p('If we find a violation, we may remove content or listings, cancel orders, withhold or reverse payouts, co-pay and points, suspend or close accounts, and report conduct to regulators or law enforcement. We decide based on the severity of the violation and the user’s history. Serious violations, such as kickbacks, fraud or discrimination, may lead to immediate closure without prior warning. You may appeal a decision within 30 days by writing to legal@circle.example.'),
          ],
        },
        {
          id: 'reporting',
          heading: 'Reporting a concern',
          blocks: [
            p('If you see something that breaks this policy, use the report option on the listing or review, or write to legal@circle.example. For urgent account or order issues, contact support@circle.example; our team is available from 8 AM to 6 PM Pacific Time and replies within 24 hours. We do not tolerate retaliation against anyone who reports a concern in good faith.'),
          ],
        },
      ],
    },
    ...policiesEn,
  },
};

export default en;
