package catalog

import (
	"net/url"
	"path"
	"strings"
)

// Media kinds of the detail page's hero (02§2): an embedded player for a recognised video link
// (YouTube, Vimeo), a native player for mp4, webm or ogg files, otherwise an image.
const (
	MediaYouTube = "youtube"
	MediaVimeo   = "vimeo"
	MediaVideo   = "video"
	MediaImage   = "image"
)

// YouTubeEmbedBase is the privacy-enhanced embed address; the player is {base}{id}.
const YouTubeEmbedBase = "https://www.youtube-nocookie.com/embed/"

// parseLink parses a link that may lack its scheme ("youtu.be/abc").
func parseLink(raw string) (*url.URL, bool) {
	raw = strings.TrimSpace(raw)
	if raw == "" || strings.ContainsAny(raw, " \t\r\n") {
		return nil, false
	}
	if !strings.Contains(raw, "://") {
		raw = "https://" + raw
	}
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, false
	}
	return u, true
}

// validYouTubeID: YouTube video ids are 11 characters of letters, digits, - and _.
func validYouTubeID(id string) bool {
	if len(id) != 11 {
		return false
	}
	for _, r := range id {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_') {
			return false
		}
	}
	return true
}

// YouTubeID returns the video id of a YouTube link in any of its four forms: watch
// (youtube.com/watch?v=ID), shorts (youtube.com/shorts/ID), embed (youtube.com/embed/ID, also on
// youtube-nocookie.com) and the short link (youtu.be/ID). Anything else is not a YouTube video.
func YouTubeID(link string) (id string, ok bool) {
	u, ok := parseLink(link)
	if !ok {
		return "", false
	}
	host := strings.ToLower(u.Hostname())
	host = strings.TrimPrefix(strings.TrimPrefix(host, "www."), "m.")
	parts := strings.Split(strings.Trim(u.EscapedPath(), "/"), "/")
	switch host {
	case "youtu.be":
		if len(parts) >= 1 {
			id = parts[0]
		}
	case "youtube.com", "music.youtube.com", "youtube-nocookie.com":
		switch {
		case len(parts) == 1 && parts[0] == "watch" && host != "youtube-nocookie.com":
			id = u.Query().Get("v")
		case len(parts) >= 2 && (parts[0] == "shorts" && host != "youtube-nocookie.com" || parts[0] == "embed"):
			id = parts[1]
		}
	}
	if !validYouTubeID(id) {
		return "", false
	}
	return id, true
}

// VimeoID returns the numeric id of a Vimeo link (vimeo.com/ID or player.vimeo.com/video/ID).
func VimeoID(link string) (string, bool) {
	u, ok := parseLink(link)
	if !ok {
		return "", false
	}
	host := strings.TrimPrefix(strings.ToLower(u.Hostname()), "www.")
	parts := strings.Split(strings.Trim(u.EscapedPath(), "/"), "/")
	var id string
	switch {
	case host == "vimeo.com" && len(parts) >= 1:
		id = parts[0]
	case host == "player.vimeo.com" && len(parts) >= 2 && parts[0] == "video":
		id = parts[1]
	}
	if id == "" || len(id) > 12 {
		return "", false
	}
	for _, r := range id {
		if r < '0' || r > '9' {
			return "", false
		}
	}
	return id, true
}

// IsNativeVideo reports whether a link points at an mp4, webm or ogg file.
func IsNativeVideo(link string) bool {
	p := link
	if u, err := url.Parse(strings.TrimSpace(link)); err == nil {
		p = u.Path
	}
	switch strings.ToLower(path.Ext(p)) {
	case ".mp4", ".webm", ".ogg":
		return true
	}
	return false
}

// MediaItem is one hero media entry as the detail page renders it.
type MediaItem struct {
	URL   string `json:"url"`
	Type  string `json:"type" doc:"As stored: video or image"`
	Title string `json:"title"`
	Kind  string `json:"kind" enum:"youtube,vimeo,video,image" doc:"How to render it: embedded player (youtube, vimeo), native player (video) or image"`
	// YouTubeID is set for YouTube links; embed https://www.youtube-nocookie.com/embed/{id}.
	YouTubeID    string `json:"youtube_id,omitempty"`
	VimeoID      string `json:"vimeo_id,omitempty"`
	EmbedURL     string `json:"embed_url,omitempty" doc:"Player address for youtube and vimeo items"`
	ThumbnailURL string `json:"thumbnail_url" doc:"Thumbnail for the strip of extra media (from the video host for YouTube)"`
}

// ClassifyMedia decides how a media link is shown.
func ClassifyMedia(m FunnelMedia) MediaItem {
	it := MediaItem{URL: m.URL, Type: m.Type, Title: m.Title, Kind: MediaImage, ThumbnailURL: m.URL}
	if id, ok := YouTubeID(m.URL); ok {
		it.Kind, it.YouTubeID = MediaYouTube, id
		it.EmbedURL = YouTubeEmbedBase + id
		it.ThumbnailURL = "https://i.ytimg.com/vi/" + id + "/hqdefault.jpg"
		if m.Thumbnail != "" {
			it.ThumbnailURL = m.Thumbnail
		}
		return it
	}
	if id, ok := VimeoID(m.URL); ok {
		it.Kind, it.VimeoID = MediaVimeo, id
		it.EmbedURL = "https://player.vimeo.com/video/" + id + "?dnt=1"
		it.ThumbnailURL = ""
		return it
	}
	if IsNativeVideo(m.URL) {
		it.Kind, it.ThumbnailURL = MediaVideo, ""
	}
	return it
}

// HeroMedia is the main media and up to 4 extra thumbnails (items 2-5, 02§2); a service
// without funnel media shows its image.
func HeroMedia(fc *FunnelContent, imageURL string) []MediaItem {
	var out []MediaItem
	if fc != nil {
		for _, m := range fc.Media {
			if strings.TrimSpace(m.URL) == "" {
				continue
			}
			out = append(out, ClassifyMedia(m))
			if len(out) == 5 {
				break
			}
		}
	}
	if len(out) == 0 && imageURL != "" {
		out = append(out, ClassifyMedia(FunnelMedia{URL: imageURL, Type: "image"}))
	}
	if out == nil {
		out = []MediaItem{}
	}
	return out
}
