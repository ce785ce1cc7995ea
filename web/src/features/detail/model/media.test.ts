import { describe, expect, it } from 'vitest';
import { classifyMedia, isNativeVideo, youTubeId } from './media';

describe('F-CAT-08 YouTube link parsing', () => {
  const id = 'dQw4w9WgXcQ';
  it.each([
    [`https://www.youtube.com/watch?v=${id}`, id],
    [`https://youtube.com/watch?v=${id}&t=42s`, id],
    [`https://m.youtube.com/watch?feature=share&v=${id}`, id],
    [`youtube.com/watch?v=${id}`, id],
    [`https://www.youtube.com/shorts/${id}`, id],
    [`https://youtube.com/shorts/${id}?si=abc`, id],
    [`https://www.youtube.com/embed/${id}`, id],
    [`https://www.youtube-nocookie.com/embed/${id}?rel=0`, id],
    [`https://youtu.be/${id}`, id],
    [`https://youtu.be/${id}?t=10`, id],
    [`  https://youtu.be/${id}  `, id],
    [`https://music.youtube.com/watch?v=${id}`, id],
    // junk
    ['', null],
    ['not a url', null],
    ['https://www.youtube.com/', null],
    ['https://www.youtube.com/watch', null],
    ['https://www.youtube.com/watch?v=short', null],
    [`https://www.youtube.com/watch?v=${id}extra`, null],
    ['https://www.youtube.com/watch?v=dQw4w9WgX$Q', null],
    ['https://www.youtube.com/playlist?list=PL123', null],
    ['https://www.youtube.com/@channel', null],
    [`https://www.youtube-nocookie.com/watch?v=${id}`, null],
    [`https://notyoutube.com/watch?v=${id}`, null],
    [`https://youtube.com.evil.example/watch?v=${id}`, null],
    [`ftp://youtube.com/watch?v=${id}`, null],
    [`javascript:alert(1)//youtu.be/${id}`, null],
    [`https://vimeo.com/123456`, null],
  ])('%s -> %s', (link, want) => {
    expect(youTubeId(link)).toBe(want);
  });
});

describe('F-CAT-08 hero media kinds', () => {
  it("uses the item's own poster over the video host's picture (the demo runs offline)", () => {
    expect(classifyMedia('https://youtu.be/dQw4w9WgXcQ', 'Demo', '/demo/content/video-thumbnail.svg').thumbnail).toBe('/demo/content/video-thumbnail.svg');
  });

  it('embeds YouTube through youtube-nocookie with the host thumbnail', () => {
    expect(classifyMedia('https://youtu.be/dQw4w9WgXcQ', 'Demo')).toEqual({
      kind: 'youtube',
      url: 'https://youtu.be/dQw4w9WgXcQ',
      title: 'Demo',
      embedUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
      thumbnail: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg',
    });
  });
  it.each([
    ['https://cdn.example/a.mp4', true],
    ['https://cdn.example/a.WEBM?x=1', true],
    ['/media/clip.ogg#t=2', true],
    ['https://cdn.example/a.mp4.jpg', false],
    ['https://cdn.example/a.png', false],
    ['', false],
  ])('native video %s -> %s', (link, want) => {
    expect(isNativeVideo(link)).toBe(want);
    expect(classifyMedia(link).kind).toBe(want ? 'video' : 'image');
  });
});
