/**
 * The consultation service of Circle's own advisors (issue 32 item 7), the server's
 * consultations.AdvisorsServiceID: not listed in the marketplace, booked from /consultation-demo
 * and from /book-meeting without a service.
 */
export const ADVISORS_SERVICE_ID = 'svc-circle-advisors';
