import type { components } from '../../../lib/api/schema';

type S = components['schemas'];
export type ServiceDetail = S['ServiceDetail'];
export type Card = S['Card'];
export type Package = S['Package'];
export type PackageFeature = S['Feature'];
export type Section = S['Section'];
export type FunnelFAQ = S['FunnelFAQ'];
export type FunnelContent = S['FunnelContent'];
export type Review = S['ReviewView'];
export type Reviews = S['Reviews'];
export type ReviewChange = S['ReviewChange'];
export type VendorDetail = S['VendorDetail'];
export type Representative = S['Representative'];
export type VendorQuestion = S['VendorQuestion'];
export type Bundle = S['Bundle'];
export type SavedService = S['SavedService'];
