import { CircleCheck, CircleX } from 'lucide-react';
import type { ReactNode } from 'react';

/** The page a payment comes back to: a tick (ok) or a cross, the outcome as the page's h1, then what follows from it (children). */
export function OutcomeCard({ ok, title, children }: { ok: boolean; title: string; children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-12">
      <section className="flex flex-col gap-5 rounded-card border border-border bg-surface p-6 shadow-card md:p-10">
        <div
          aria-hidden="true"
          className={ok ? 'flex size-12 items-center justify-center rounded-card bg-savings-soft text-savings-strong' : 'flex size-12 items-center justify-center rounded-card bg-surface-sunken text-fg-muted'}
        >
          {ok ? <CircleCheck className="size-6" /> : <CircleX className="size-6" />}
        </div>
        <h1 className="text-2xl font-bold tracking-tight text-fg">{title}</h1>
        {children}
      </section>
    </div>
  );
}
