import { Mic, Send } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button, ButtonLink } from '../../components/ui/Button';
import { conciergeOpen } from '../../lib/concierge';
import { toast } from '../../lib/toast';
import AgentInsights from './AgentInsights';

const TOPICS = ['crm', 'marketingTools', 'leadGeneration', 'schools', 'licensing', 'coaching'] as const;

interface SpeechResultEvent {
  results: ArrayLike<ArrayLike<{ transcript: string }>>;
}
interface SpeechRecognitionLike {
  lang: string;
  interimResults: boolean;
  continuous: boolean;
  maxAlternatives: number;
  onresult: ((e: SpeechResultEvent) => void) | null;
  onend: (() => void) | null;
  start: () => void;
  stop: () => void;
}
type SpeechCtor = new () => SpeechRecognitionLike;

function speechRecognition(): SpeechCtor | undefined {
  const w = window as unknown as { SpeechRecognition?: SpeechCtor; webkitSpeechRecognition?: SpeechCtor };
  return w.SpeechRecognition ?? w.webkitSpeechRecognition;
}

/**
 * The advice landing (03§2, F-AI-01): Need Advice? Beta, the ask box (Enter or send opens the
 * concierge with the question), voice input, the seven topics, Book with an Agent Concierge;
 * then the signed-in agent's recommendations and market (AgentInsights, F-AI-04).
 */
export default function AdviceLanding() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const inputId = useId();
  const [text, setText] = useState('');
  const [listening, setListening] = useState<SpeechRecognitionLike | null>(null);

  const ask = (q: string) => {
    const v = q.trim();
    if (!v) return;
    conciergeOpen.emit({ message: v });
    setText('');
  };

  const voice = () => {
    if (listening) {
      listening.stop();
      return;
    }
    const Ctor = speechRecognition();
    if (!Ctor) {
      toast({ title: t('concierge.landing.voiceUnsupportedTitle'), description: t('concierge.landing.voiceUnsupported') });
      return;
    }
    const rec = new Ctor();
    rec.lang = 'en-US';
    rec.interimResults = false;
    rec.continuous = false;
    rec.maxAlternatives = 1;
    rec.onresult = (e) => setText(e.results[0]?.[0]?.transcript ?? '');
    rec.onend = () => setListening(null);
    setListening(rec);
    rec.start();
  };

  return (
    <>
      <section className="mx-auto flex w-full max-w-3xl flex-col items-center gap-6 px-4 py-10 text-center">
        <div className="flex items-center gap-2">
          <h1 className="text-3xl font-bold">{t('concierge.landing.title')}</h1>
          <span className="rounded-full bg-primary/10 px-2 py-0.5 text-xs font-semibold uppercase text-primary">{t('concierge.landing.beta')}</span>
        </div>
        <form
          className="flex w-full items-center gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            ask(text);
          }}
        >
          <label htmlFor={inputId} className="sr-only">
            {t('concierge.landing.askLabel')}
          </label>
          <input
            id={inputId}
            type="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder={t('concierge.landing.placeholder')}
            className="h-12 min-w-0 flex-1 rounded-control border border-border-strong bg-surface px-4"
          />
          <Button
            variant="secondary"
            size="lg"
            aria-label={listening ? t('concierge.landing.voiceStop') : t('concierge.landing.voice')}
            aria-pressed={listening !== null}
            onClick={voice}
          >
            <Mic aria-hidden className="h-5 w-5" />
          </Button>
          <Button type="submit" size="lg" aria-label={t('concierge.landing.send')} disabled={!text.trim()}>
            <Send aria-hidden className="h-5 w-5" />
          </Button>
        </form>
        <p className="text-sm text-fg-muted">{t('concierge.landing.hint')}</p>
        <div className="flex flex-wrap justify-center gap-2" role="group" aria-label={t('concierge.landing.topics')}>
          {TOPICS.map((k) => (
            <Button key={k} variant="secondary" onClick={() => ask(t('concierge.landing.helpWith', { topic: t(`concierge.landing.topic.${k}`) }))}>
              {t(`concierge.landing.topic.${k}`)}
            </Button>
          ))}
          {/* 03§2: Marketplace scrolls to the category blocks, pulses them 1.5 s, then the grid. */}
          <Button variant="secondary" onClick={() => void navigate('/marketplace#category-blocks')}>
            {t('concierge.landing.topic.marketplace')}
          </Button>
        </div>
        <ButtonLink to="/book-meeting" size="lg">
          {t('concierge.landing.book')}
        </ButtonLink>
        <p className="text-xs text-fg-muted">{t('concierge.landing.footer')}</p>
      </section>
      <div className="mx-auto w-full max-w-6xl px-4 pb-12">
        <AgentInsights />
      </div>
    </>
  );
}
