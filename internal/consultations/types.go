package consultations

import (
	"time"
)

// Booking statuses (03§4): a booking is created pending, an external lead capture is
// lead_captured; an agent's cancel makes it canceled (frees the slot).
const (
	StatusPending      = "pending"
	StatusLeadCaptured = "lead_captured"
	StatusCanceled     = "canceled"
)

// Booking is one consultation booking or captured lead (consultation_bookings).
type Booking struct {
	ID               string  `bun:"id,pk" json:"id"`
	UserID           string  `bun:"user_id,notnull" json:"user_id"`
	ServiceID        string  `bun:"service_id,notnull" json:"service_id"`
	VendorID         *string `bun:"vendor_id" json:"vendor_id"`
	RepresentativeID string  `bun:"representative_id,notnull" json:"representative_id"`
	// SlotOwner is whose calendar the slot is taken from: rep:<id>, vendor:<id> or
	// service:<id>; one pending booking per owner, date and time (a unique index).
	SlotOwner      string     `bun:"slot_owner,notnull" json:"-"`
	ScheduledDate  string     `bun:"scheduled_date,notnull" json:"scheduled_date" doc:"YYYY-MM-DD (Central time); empty for a lead"`
	ScheduledTime  string     `bun:"scheduled_time,notnull" json:"scheduled_time" doc:"Slot text such as 10:30 AM (Central time)"`
	StartsAt       *time.Time `bun:"starts_at" json:"starts_at"`
	ClientName     string     `bun:"client_name,notnull" json:"client_name"`
	ClientEmail    string     `bun:"client_email,notnull" json:"client_email"`
	ClientPhone    *string    `bun:"client_phone" json:"client_phone"`
	ProjectDetails *string    `bun:"project_details" json:"project_details"`
	Status         string     `bun:"status,notnull" json:"status" enum:"pending,lead_captured,canceled"`
	IsExternal     bool       `bun:"is_external,notnull" json:"is_external"`
	ExternalLink   string     `bun:"external_link,notnull" json:"external_link"`
	Source         string     `bun:"source,notnull" json:"source"`
	// Rescheduled counts the agent's reschedules (the confirmation job key includes it).
	Rescheduled int        `bun:"rescheduled,notnull" json:"rescheduled"`
	CanceledAt  *time.Time `bun:"canceled_at" json:"canceled_at"`
	CreatedAt   time.Time  `bun:"created_at,notnull" json:"created_at"`
	UpdatedAt   time.Time  `bun:"updated_at,notnull" json:"updated_at"`
}

// The integration steps of a booking, in the order of 03§4.
const (
	StepCRM          = "crm"
	StepConfirmation = "confirmation_email"
	StepNotification = "notification"
	StepTracking     = "tracking"
)

// Steps are the integration steps in the order they run.
var Steps = []string{StepCRM, StepConfirmation, StepNotification, StepTracking}

// Integration states.
const (
	IntegrationPending = "pending"
	IntegrationDone    = "done"
	IntegrationFailed  = "failed"
	IntegrationSkipped = "skipped"
)

// BookingIntegration is the state of one integration step of a booking (consultation_integrations).
type BookingIntegration struct {
	ID        string `bun:"id,pk" json:"id"`
	BookingID string `bun:"booking_id,notnull" json:"booking_id"`
	Step      string `bun:"step,notnull" json:"step" enum:"crm,confirmation_email,notification,tracking"`
	Position  int    `bun:"position,notnull" json:"position"`
	Status    string `bun:"status,notnull" json:"status" enum:"pending,done,failed,skipped"`
	Attempts  int    `bun:"attempts,notnull" json:"attempts"`
	// Final is set when the step failed its last attempt (no retry is scheduled).
	Final     bool      `bun:"final,notnull" json:"final"`
	LastError string    `bun:"last_error,notnull" json:"last_error"`
	Provider  string    `bun:"provider,notnull" json:"provider"`
	CreatedAt time.Time `bun:"created_at,notnull" json:"created_at"`
	UpdatedAt time.Time `bun:"updated_at,notnull" json:"updated_at"`
}

// CRMContact is a contact the built-in CRM recorded (crm_contacts).
type CRMContact struct {
	ID        string    `bun:"id,pk" json:"id"`
	BookingID string    `bun:"booking_id,notnull" json:"booking_id"`
	Email     string    `bun:"email,notnull" json:"email"`
	FirstName string    `bun:"first_name,notnull" json:"first_name"`
	LastName  string    `bun:"last_name,notnull" json:"last_name"`
	Phone     string    `bun:"phone,notnull" json:"phone"`
	Payload   string    `bun:"payload,notnull" json:"payload"`
	CreatedAt time.Time `bun:"created_at,notnull" json:"created_at"`
}

// VendorSettings are a vendor's consultation settings (vendor_consultation_settings).
type VendorSettings struct {
	VendorID string `bun:"vendor_id,pk" json:"vendor_id"`
	TimeZone string `bun:"time_zone,notnull" json:"time_zone"`
	// WindowWeekdays is how many weekdays, today included, the calendar offers and takes
	// bookings for (issue 27).
	WindowWeekdays int       `bun:"booking_window_weekdays,notnull" json:"booking_window_weekdays"`
	UpdatedAt      time.Time `bun:"updated_at,notnull" json:"updated_at"`
}

// OpenBookings counts a member's open future bookings (pending, starting from now on) with
// one vendor and with one service of it.
type OpenBookings struct {
	Vendor  int
	Service int
}

// BlockedSlot is a day off (Time empty) or one blocked slot of a vendor (vendor_blocked_slots).
type BlockedSlot struct {
	ID        string    `bun:"id,pk" json:"id"`
	VendorID  string    `bun:"vendor_id,notnull" json:"vendor_id"`
	Date      string    `bun:"blocked_date,notnull" json:"date"`
	Time      string    `bun:"blocked_time,notnull" json:"time" doc:"A slot, or empty for the whole day"`
	Note      string    `bun:"note,notnull" json:"note"`
	CreatedAt time.Time `bun:"created_at,notnull" json:"created_at"`
}
