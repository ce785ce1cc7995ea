package demo

import (
	"time"

	"circle/internal/catalog"
	"circle/internal/consultations"
)

// AdvisorsService is Circle's own advisors' consultation (issue 32 item 7): the 30-minute
// platform walkthrough booked from /consultation-demo and /book-meeting without a service. No
// vendor (the calendar is Circle's team's), inactive so the marketplace never lists it
// (consultations.AdvisorsServiceID books it all the same), free, synced to the CRM like the
// demo services.
func AdvisorsService(now time.Time) catalog.ServiceWithParts {
	return catalog.ServiceWithParts{Service: catalog.Service{
		ID:            consultations.AdvisorsServiceID,
		Title:         "Circle platform walkthrough",
		TitleEs:       "Recorrido por la plataforma Circle",
		TitleFr:       "Visite guidée de la plateforme Circle",
		Description:   "A 30-minute video call with a Circle advisor: the marketplace, Circle Pro savings, co-pay and points, and the vendors that fit your business.",
		DescriptionEs: "Una videollamada de 30 minutos con un asesor de Circle: el marketplace, los ahorros de Circle Pro, el copago y los puntos, y los proveedores que encajan con su negocio.",
		DescriptionFr: "Un appel vidéo de 30 minutes avec un conseiller Circle : la place de marché, les économies Circle Pro, le copaiement et les points, et les fournisseurs adaptés à votre activité.",
		Category:      "Consulting",
		IsActive:      false,
		PriceText:     "Free",
		RequiresQuote: true,
		Duration:      "30 minutes",
		BookingType:   "internal",
		SyncToGHL:     true,
		CreatedAt:     now,
		UpdatedAt:     now,
	}}
}
