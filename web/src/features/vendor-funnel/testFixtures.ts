import type { FunnelContent } from './model';

/** A saved funnel for the editor's tests. */
export const CONTENT: FunnelContent = {
  headline: 'Close every file on time',
  subHeadline: '',
  heroDescription: 'A coordinator for every deadline.',
  estimatedRoi: 3,
  duration: 'TBD',
  faqs: [{ id: 'question-2', title: 'ROI', content: 'Agents close 2 more files a quarter.' }, { id: 'extra', title: 'Other', content: 'Kept' }],
  whyChooseUsTitle: '',
  benefits: [{ icon: 'clock', title: 'Deadlines kept', description: '' }],
  packages: [{ id: 'p1', name: 'One side', description: '', priceCents: 29900, features: ['File opened in 24 hours'], popular: true }],
  proofItWorks: {
    introText: '',
    testimonialsEnabled: true,
    testimonials: [{ id: 't1', name: 'Dana Reyes', company: 'Reyes Realty', content: 'Never missed a date.', rating: 5 }],
    caseStudy: { enabled: false, beforeValue: '', beforeLabel: '', afterValue: '', afterLabel: '', timeframe: '', percentageIncrease: 0, description: '' },
    vendorVerificationEnabled: true,
    vendorVerificationBadges: ['Licensed', 'Insured'],
    vendorVerificationDescription: '',
  },
  callToAction: { primaryHeadline: '', primaryDescription: '', primaryButtonText: '', secondaryHeadline: '', secondaryDescription: '', website: '', phone: '', email: '' },
  trustIndicators: { guarantee: '', cancellation: '', certification: '' },
  media: [{ url: '/media/demo/a.jpg', type: 'image', title: 'Desk' }],
};
