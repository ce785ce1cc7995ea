import { cn } from './cn';

/**
 * One grey shape of a loading skeleton (className: its size and corners); it pulses unless the
 * user asks for less motion. Hidden from assistive technology: the busy container says what loads.
 */
export function Bone({ className }: { className: string }) {
  return <div aria-hidden="true" className={cn('bg-surface-sunken motion-safe:animate-pulse', className)} />;
}

/**
 * The head of a card's skeleton: the picture, then the name's and the subtitle's lines
 * (design.md: skeletons, not spinners). Each shape's size and corners are the card's own.
 */
export function SkeletonHead({ picture, lines, className }: { picture: string; lines: [string, string]; className?: string }) {
  return (
    <div className={cn('flex gap-3', className)}>
      <Bone className={picture} />
      <div className="flex flex-1 flex-col gap-2">
        <Bone className={lines[0]} />
        <Bone className={lines[1]} />
      </div>
    </div>
  );
}
