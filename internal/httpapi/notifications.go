package httpapi

import (
	"context"

	"circle/internal/notices"
)

// The caller's in-app notifications (issue 15 item 3): only their own.

type notificationsOutput struct {
	Body struct {
		Notifications []notices.View `json:"notifications" doc:"The caller's newest notices (at most 50), newest first"`
		Unread        int            `json:"unread" doc:"How many of the caller's notices are unread"`
	}
}

func (s *Server) listNotifications(ctx context.Context, _ *struct{}) (*notificationsOutput, error) {
	rows, unread, err := s.deps.Notices.List(ctx, principalOf(ctx).User.ID)
	if err != nil {
		return nil, err
	}
	out := &notificationsOutput{}
	out.Body.Notifications, out.Body.Unread = rows, unread
	return out, nil
}

type notificationReadInput struct {
	ID string `path:"id" maxLength:"100"`
}

type notificationReadOutput struct {
	Body notices.View
}

func (s *Server) markNotificationRead(ctx context.Context, in *notificationReadInput) (*notificationReadOutput, error) {
	v, err := s.deps.Notices.MarkRead(ctx, principalOf(ctx).User.ID, in.ID)
	if err != nil {
		return nil, err
	}
	return &notificationReadOutput{Body: v}, nil
}

type notificationsReadAllOutput struct {
	Body struct {
		Marked int `json:"marked" doc:"How many notices were marked read"`
	}
}

func (s *Server) markAllNotificationsRead(ctx context.Context, _ *struct{}) (*notificationsReadAllOutput, error) {
	n, err := s.deps.Notices.MarkAllRead(ctx, principalOf(ctx).User.ID)
	if err != nil {
		return nil, err
	}
	out := &notificationsReadAllOutput{}
	out.Body.Marked = n
	return out, nil
}
