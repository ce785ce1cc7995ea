package httpapi

import (
	"context"

	"circle/internal/catalog"
	"circle/internal/catalogwrite"
)

// The funnel editor of /vendor-dashboard (issue 30 item 2, F-ENG-05): one of the caller's
// services' funnel content, saved through the catalogue write path (sanitised and checked by the
// 03§5 rules, one catalog_changes row, the detail page current at once).

const (
	sumGetVendorFunnel  = "One of the caller's services' funnel content for the editor (the defaults when it has none)"
	sumSaveVendorFunnel = "Save one of the caller's services' funnel content, sanitised and checked on the server"
)

type vendorFunnelOutput = bodyOutput[vendorFunnelBody]

type vendorFunnelBody struct {
	catalogwrite.Funnel
	Icons      []string `json:"icons" doc:"The ten benefit icons"`
	MediaTypes []string `json:"media_types" doc:"The kinds of a media item"`
	MaxMedia   int      `json:"max_media" doc:"Media items a funnel may hold (the funnel uploader's 20 files)"`
}

func funnelBody(f catalogwrite.Funnel) *vendorFunnelOutput {
	return &vendorFunnelOutput{Body: vendorFunnelBody{Funnel: f, Icons: catalog.BenefitIcons, MediaTypes: catalog.FunnelMediaTypes, MaxMedia: catalogwrite.MaxFunnelMedia}}
}

func (h *VendorServicesArea) getFunnel(ctx context.Context, in *vendorServiceIDInput) (*vendorFunnelOutput, error) {
	f, err := h.Writes.GetFunnel(ctx, callerOf(ctx), in.ID)
	if err != nil {
		return nil, err
	}
	return funnelBody(f), nil
}

type saveVendorFunnelInput struct {
	ID   string `path:"id" maxLength:"100"`
	Body catalog.FunnelContent
}

func (h *VendorServicesArea) saveFunnel(ctx context.Context, in *saveVendorFunnelInput) (*vendorFunnelOutput, error) {
	f, err := h.Writes.SaveFunnel(ctx, callerOf(ctx), in.ID, in.Body)
	if err != nil {
		return nil, err
	}
	return funnelBody(f), nil
}
