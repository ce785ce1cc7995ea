package store

// RowModels lists a zero value of every row struct mapped to a domain type, for
// TestRowsMatchTheirTables (issue 26 item 2): where bun derives column names from embedded domain
// fields, renaming or adding one must fail a test rather than a query.
var RowModels = []any{
	&appConfigRow{},
	&affiliateRow{}, &affiliateClickRow{}, &affiliateAttributionRow{}, &payoutBatchRow{}, &affiliateConversionRow{},
	&outboxEmailRow{},
	&notificationRow{},
	&allocationRow{}, &spendRow{},
	&userRow{}, &profileRow{}, &sessionRow{},
	&vendorRow{}, &representativeRow{}, &vendorQuestionRow{}, &vendorContentRow{}, &vendorAvailabilityRow{},
	&loginAttemptsRow{}, &emailTokenRow{},
	&serviceRow{}, &serviceTagRow{}, &packageRow{}, &reviewRow{}, &disclaimerRow{}, &savedServiceRow{},
	&clientErrorRow{}, &appEventRow{}, &securityEventRow{},
	&ticketRow{}, &ticketReplyRow{}, &helpEventRow{},
	&vendorApplicationRow{}, &catalogChangeRow{},
	&creatorApplicationRow{}, &creatorContentRow{}, &creatorPayoutRow{},
	&conciergeThreadRow{}, &conciergeMessageRow{}, &conciergeFeedbackRow{},
	&mediaFileRow{}, &serviceDraftRow{},
	&partialRefundRow{},
	&experimentExposureRow{},
	&cartItemRow{}, &checkoutOrderRow{}, &checkoutOrderItemRow{}, &checkoutOrderRefundRow{}, &checkoutPaymentSessionRow{},
	&billingSubscriptionRow{}, &billingOfferRow{}, &billingInvoiceRow{}, &copayRequestRow{}, &copayEventRow{},
	&pointspayAutomaticCoPayRow{}, &pointspayVendorChargeRow{}, &pointspayVendorBillingRow{}, &pointspayGuaranteeCreditRow{},
	&consultationsBookingRow{}, &consultationsBookingIntegrationRow{}, &consultationsCRMContactRow{},
	&consultationsVendorSettingsRow{}, &consultationsBlockedSlotRow{}, &jobsJobRow{},
}
