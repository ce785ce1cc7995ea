import type { LegalDocument } from '../types';
import { LEGAL_UPDATED, p, ul } from './helpers';

/** The Refund Policy and the Dispute Resolution policy (issue 32 item 9), English. */
export const policiesEn: { 'refund-policy': LegalDocument; 'dispute-resolution': LegalDocument } = {
  'refund-policy': {
    title: 'Refund Policy',
    updated: LEGAL_UPDATED,
    sections: [
      {
        id: 'scope',
        heading: 'What this policy covers',
        blocks: [
          p('This Refund Policy explains when and how Circle Marketplace, Inc. (“Circle”) returns money for purchases made through Circle checkout: marketplace services bought from vendors, consultation packages and Circle Pro membership fees. It forms part of our Terms of Service and works together with Buyer Protection and the Dispute Resolution policy.'),
          p('It applies to orders paid by card through Circle, including orders paid partly with points or covered in part by a vendor’s co-pay. It does not apply to payments you make directly to a vendor outside Circle; those are governed by your agreement with that vendor.'),
        ],
      },
      {
        id: 'eligible',
        heading: 'When you can get a refund',
        blocks: [
          p('You may ask for a refund of a marketplace order when:'),
          ul(
            'the vendor did not start or did not deliver the service you paid for within the time promised in the listing, or within 30 days of payment when the listing names no time;',
            'what was delivered is materially different from the listing’s description, package or tier;',
            'you were charged twice, charged the wrong amount, or charged for something you did not order;',
            'the vendor cancelled the order, or can no longer provide the service in your state;',
            'the payment was made without your authorization.',
          ),
          p('A change of mind after the vendor has started work, dissatisfaction with results that the listing did not promise (for example a number of leads or closings), or a delay you caused by not giving the vendor what it asked for are not grounds for a refund on their own. Vendors may offer more generous terms in their listing; where they do, those terms apply as well.'),
        ],
      },
      {
        id: 'how-to-ask',
        heading: 'How to ask for a refund',
        blocks: [
          p('First contact the vendor through your order or the vendor’s page: most problems are solved that way within a few days. If you cannot agree, open a dispute from the Dispute Resolution page within 30 days of payment, choosing the order and the reason and describing what happened. You can also write to support@circle.example. Our support team answers from 8 AM to 6 PM Pacific Time and replies to e-mail within 24 hours.'),
          p('Please include your order number, what you expected, what you received and any evidence you have, such as messages, delivery files or screenshots. Links to files you have stored elsewhere are fine.'),
          p('We confirm that we received your request, ask the vendor for its account of events and tell you what we decide. You can follow the status of your request, open, pending or solved, on the Contact page and on the Dispute Resolution page while you are signed in.'),
        ],
      },
      {
        id: 'timing',
        heading: 'How and when refunds are paid',
        blocks: [
          ul(
            'An approved refund is issued to the card used for the order. It normally reaches your account in 3-5 business days; your bank may take longer to show it.',
            'Points you spent on the order are credited back to your points wallet at the same time, by a new entry in your wallet history. Expired points are credited back with a new 30-day validity.',
            'Where a vendor co-pay covered part of the price, the vendor’s share is returned to the vendor; you receive the part you paid.',
            'A partial refund may be offered when part of a service was delivered as described. We tell you the amount and the reason before it is issued.',
            'Prices are charged in the currency shown at checkout; refunds are made in the same currency and amount, so exchange-rate differences charged by your bank are outside our control.',
          ),
        ],
      },
      {
        id: 'membership',
        heading: 'Circle Pro membership',
        blocks: [
          p('You can cancel Circle Pro at any time from Billing; cancellation takes effect at the end of the current period and you keep Pro benefits until then. Membership fees already paid for the current period are not refunded for partial periods, except where the law requires it, where we charged you in error, or where a second membership was charged while one was active, which we cancel and refund automatically.'),
          p('The Pro Savings Guarantee is not a refund: when it applies, the difference is credited as points after your membership year ends, as described on the Pricing page.'),
        ],
      },
      {
        id: 'late-and-failed',
        heading: 'Payments for cancelled or expired orders',
        blocks: [
          p('If a payment reaches us for an order that had already been cancelled or had expired, for example because a payment page stayed open, we refund it automatically in full without any request from you. You will see the order marked refunded in your orders list.'),
        ],
      },
      {
        id: 'abuse',
        heading: 'Misuse of refunds',
        blocks: [
          p('We may refuse a refund, or suspend an account, when refunds are requested repeatedly for services that were delivered as described, when evidence is altered, or when a chargeback is filed for an order that was already refunded. Filing a chargeback with your bank while a dispute is open with us may delay both.'),
        ],
      },
      {
        id: 'contact',
        heading: 'Questions',
        blocks: [
          p('If you have a question about this policy or about a refund you are waiting for, write to support@circle.example or use the contact form. We may update this policy; the date at the top shows the latest version, and changes apply to orders placed after that date.'),
        ],
      },
    ],
  },
  'dispute-resolution': {
    title: 'Dispute Resolution',
    updated: LEGAL_UPDATED,
    sections: [
      {
        id: 'purpose',
        heading: 'Purpose of this policy',
        blocks: [
          p('Circle is a marketplace: independent vendors provide the services agents buy. When something goes wrong with an order, this policy explains how you can raise it with Circle, how we review it, and what outcomes are possible. It is part of our Terms of Service and works together with the Refund Policy and Buyer Protection.'),
          p('The process is free for buyers. It does not replace any right you have under the law, and it does not prevent you from contacting your bank.'),
        ],
      },
      {
        id: 'who-and-when',
        heading: 'Who can open a dispute, and when',
        blocks: [
          ul(
            'You can open a dispute on your own orders only, while signed in to the account that placed them.',
            'The order must have been paid through Circle checkout.',
            'Disputes must be opened within 30 days of payment. After 30 days the dispute form no longer accepts the order; write to support@circle.example if an exceptional situation prevented you from acting in time.',
            'One dispute can be in progress per order. Once it is solved, you can open another if a new problem appears within the 30 days.',
          ),
        ],
      },
      {
        id: 'before',
        heading: 'Before you open a dispute',
        blocks: [
          p('Most problems are fixed fastest by the vendor. Contact the vendor first through your order or the vendor’s page, explain the problem and give them a reasonable chance to put it right, usually 3 business days. Keep the messages you exchange: they are useful evidence if you later open a dispute.'),
          p('If the vendor does not answer, refuses to help, or the problem is a billing error or a charge you did not authorize, you do not need to wait: open a dispute straight away. Billing errors and unauthorized charges are reviewed first, because they may need us to act with our payment provider.'),
        ],
      },
      {
        id: 'how',
        heading: 'How to open a dispute',
        blocks: [
          p('Use the form at the bottom of this page. Choose the order, choose the reason that fits best and describe what happened, what you expected and what you would like as an outcome. The reasons are: service not delivered, not as described, poor quality, billing error, unauthorized charge, and other.'),
          p('You can add evidence as text or links, for example a link to the delivered files, to a shared folder or to screenshots of your messages. Do not include passwords, full card numbers or other people’s personal data. Your dispute is sent to our support team at once, and you receive a reference you can follow on this page and on the Contact page.'),
        ],
      },
      {
        id: 'review',
        heading: 'How we review a dispute',
        blocks: [
          ul(
            'Open: we have received your dispute and will contact you and the vendor, normally within 1 business day.',
            'Pending: we are waiting for information, from you or from the vendor. We tell you what we need; if we hear nothing for 10 business days we may decide on the information we have.',
            'Solved: we have reached a decision and told both parties, with our reasons.',
          ),
          p('We look at the listing as it was when you ordered, the package or tier you paid for, the messages on the order, what was delivered and the evidence both parties provide. We aim to decide within 10 business days of receiving everything we need.'),
          p('Our team is neutral: we do not earn more from one outcome than another, and sponsored placement or a vendor’s co-pay partnership with you never affects a decision. We may ask an independent expert for an opinion on technical work such as websites or video, at no cost to you.'),
        ],
      },
      {
        id: 'outcomes',
        heading: 'Possible outcomes',
        blocks: [
          ul(
            'A full refund, when the service was not delivered or was materially different from the listing.',
            'A partial refund, when part of the service was delivered as described.',
            'Redelivery or correction by the vendor within an agreed time, with a refund if it does not happen.',
            'No refund, when the service was delivered as described.',
          ),
          p('Refunds follow the Refund Policy: they reach your card in 3-5 business days, and points you spent are credited back to your wallet. A vendor who repeatedly fails to deliver may be suspended from the marketplace.'),
        ],
      },
      {
        id: 'vendors',
        heading: 'What we expect from vendors',
        blocks: [
          p('Vendors agree in the Seller Agreement to answer disputes within 3 business days, to provide the evidence we ask for, and to accept our decision on refunds paid through Circle. A vendor may add its own account of events and evidence; we share the relevant parts with you.'),
          p('We expect both parties to be honest and courteous. Threats, abusive messages or altered evidence end the review in favor of the other party and may lead to the suspension of the account that sent them.'),
        ],
      },
      {
        id: 'escalation',
        heading: 'If you disagree with the outcome',
        blocks: [
          p('You can ask for a second review within 14 days of our decision by replying to it or writing to support@circle.example with any new information. A different member of our team carries out the second review. Nothing in this policy limits your right to bring a claim as described in the Terms of Service or under applicable law.'),
        ],
      },
    ],
  },
};
