package consultations

// AdvisorsServiceID is the consultation service of Circle's own advisors (issue 32 item 7): the
// 30-minute platform walkthrough booked from /consultation-demo and from /book-meeting without a
// service. It is a service without a vendor (its slots are the calendar "service:<id>", its
// internal notification goes to the team address) and it is inactive, so the marketplace never
// lists it; the booking takes it all the same (resolve). The demo data writes it
// (internal/demo/advisors.go); a deployment without it answers 404 and the page says so.
const AdvisorsServiceID = "svc-circle-advisors"

// bookableService says whether a service that is not listed can still be booked: only Circle's
// advisors' service.
func bookableService(id string) bool { return id == AdvisorsServiceID }
