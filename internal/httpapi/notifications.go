package httpapi

import (
	"context"

	"circle/internal/notices"
)

// NotificationsArea is the caller's in-app notifications.
type NotificationsArea struct {
	Notices *notices.Service
}

// Summaries too long for their route line.
const (
	sumListNotifications        = "The caller's in-app notifications and unread count"
	sumMarkNotificationRead     = "Mark one of the caller's notifications read"
	sumMarkAllNotificationsRead = "Mark every notification of the caller read"
)

// Register declares the area's routes.
func (h *NotificationsArea) Register(r *Router) {
	get(r, "/api/notifications", "list-notifications", sumListNotifications, "notifications", user, h.listNotifications)
	post(r, "/api/notifications/{id}/read", "mark-notification-read", sumMarkNotificationRead, "notifications", user, h.markNotificationRead)
	post(r, "/api/notifications/read-all", "mark-all-notifications-read", sumMarkAllNotificationsRead, "notifications", user, h.markAllRead)
}

// The caller's in-app notifications (issue 15 item 3): only their own.

type notificationsOutputBody struct {
	Notifications []notices.View `json:"notifications" doc:"The caller's newest notices (at most 50), newest first"`
	Unread        int            `json:"unread" doc:"How many of the caller's notices are unread"`
}

type notificationsOutput = bodyOutput[notificationsOutputBody]

func (h *NotificationsArea) listNotifications(ctx context.Context, _ *struct{}) (*notificationsOutput, error) {
	rows, unread, err := h.Notices.List(ctx, principalOf(ctx).User.ID)
	return answer(notificationsOutputBody{Notifications: rows, Unread: unread}, err)
}

type notificationReadInput struct {
	ID string `path:"id" maxLength:"100"`
}

type notificationReadOutput = bodyOutput[notices.View]

func (h *NotificationsArea) markNotificationRead(ctx context.Context, in *notificationReadInput) (*notificationReadOutput, error) {
	return answer(h.Notices.MarkRead(ctx, principalOf(ctx).User.ID, in.ID))
}

type notificationsReadAllOutputBody struct {
	Marked int `json:"marked" doc:"How many notices were marked read"`
}

type notificationsReadAllOutput = bodyOutput[notificationsReadAllOutputBody]

func (h *NotificationsArea) markAllRead(ctx context.Context, _ *struct{}) (*notificationsReadAllOutput, error) {
	n, err := h.Notices.MarkAllRead(ctx, principalOf(ctx).User.ID)
	return answer(notificationsReadAllOutputBody{Marked: n}, err)
}
