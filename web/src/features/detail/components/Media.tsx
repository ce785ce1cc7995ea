import { Play } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../components/ui/cn';
import { classifyMedia, EXTRA_MEDIA_MAX, type HeroMedia } from '../model/media';

/** Hero media with up to 4 thumbnails (items 2-5) that switch the main media (02§2). */
export function MediaHero({
  items,
  title,
}: {
  items: ReadonlyArray<{ url: string; title: string; thumbnail_url?: string }>;
  title: string;
}) {
  const { t } = useTranslation();
  const media = items.slice(0, EXTRA_MEDIA_MAX + 1).map((m) => classifyMedia(m.url, m.title || title, m.thumbnail_url));
  const [index, setIndex] = useState(0);
  const current = media[index] ?? media[0];
  if (!current) return null;
  return (
    <div className="flex flex-col gap-3" aria-label={t('detail.media.label')} role="group">
      <div className="relative aspect-video overflow-hidden rounded-card bg-surface-sunken" data-testid="hero-media" data-kind={current.kind}>
        {/* Keyed by the item: a video started and then switched away from starts over behind its button. */}
        <MainMedia key={index} media={current} />
      </div>
      {media.length > 1 ? (
        <ul className="grid grid-cols-5 gap-2">
          {media.map((m, i) => (
            <li key={`${m.url}-${i}`}>
              <button
                type="button"
                aria-pressed={i === index}
                aria-label={t('detail.media.show', { n: i + 1, title: m.title })}
                onClick={() => setIndex(i)}
                className={cn(
                  'relative flex aspect-video w-full items-center justify-center overflow-hidden rounded-control border-2 bg-surface-sunken',
                  i === index ? 'border-primary' : 'border-transparent hover:border-border-strong',
                )}
              >
                {m.thumbnail ? <img src={m.thumbnail} alt="" className="size-full object-cover" loading="lazy" /> : null}
                {m.kind !== 'image' ? (
                  <Play aria-hidden="true" className="absolute size-6 rounded-pill bg-surface/90 p-1 text-fg" />
                ) : null}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/**
 * A video host's player behind a button (decision: the video's facade, docs/decisions.md): a
 * dark player-shaped panel with the video's title and Watch the video until the visitor asks for
 * the video, then the player, started. The player's page and scripts (several hundred kilobytes
 * from another site) no longer load with every service page, a page without the network no longer
 * shows a browser error inside the frame, and nothing is asked of the video host until then. The
 * panel has no picture on purpose: a poster this size, drawn when the app takes over a service's
 * page, became the page's largest paint on a phone (Lighthouse's LCP 1.3 s -> 3.4 s); the video's
 * picture is in the thumbnail under it.
 */
function YouTubeMedia({ media }: { media: Extract<HeroMedia, { kind: 'youtube' }> }) {
  const { t } = useTranslation();
  const [playing, setPlaying] = useState(false);
  if (!playing) {
    return (
      <div className="flex size-full flex-col items-center justify-center gap-3 bg-fg p-4 text-center">
        <p className="line-clamp-2 text-sm font-semibold text-surface">{media.title}</p>
        <button
          type="button"
          onClick={() => setPlaying(true)}
          className="inline-flex min-h-11 items-center gap-2 rounded-pill bg-primary px-4 py-2 text-sm font-semibold text-primary-fg shadow-raised hover:bg-primary-hover"
        >
          <Play aria-hidden="true" className="size-5 fill-current" />
          {t('detail.media.watch')}
        </button>
      </div>
    );
  }
  return (
    <iframe
      src={`${media.embedUrl}?autoplay=1`}
      title={t('detail.media.player', { title: media.title })}
      className="size-full"
      allow="accelerometer; autoplay; encrypted-media; gyroscope; picture-in-picture"
      allowFullScreen
      referrerPolicy="strict-origin-when-cross-origin"
    />
  );
}

function MainMedia({ media }: { media: HeroMedia }) {
  const { t } = useTranslation();
  if (media.kind === 'youtube') return <YouTubeMedia media={media} />;
  if (media.kind === 'video') {
    return (
      <video src={media.url} controls preload="metadata" className="size-full bg-black object-contain" aria-label={t('detail.media.player', { title: media.title })}>
        <track kind="captions" />
      </video>
    );
  }
  return <img src={media.url} alt={t('detail.media.image', { title: media.title })} className="size-full object-cover" />;
}
