import * as SwitchPrimitive from '@radix-ui/react-switch';
import { useId } from 'react';
import { LabelledControl } from '../form/LabelledControl';
import { cn } from './cn';

/** A labelled on/off switch (Radix: role="switch", Space/Enter toggle). */
export function Switch({
  label,
  description,
  checked,
  onCheckedChange,
  disabled,
}: {
  label: string;
  description?: string;
  checked: boolean;
  onCheckedChange?: (checked: boolean) => void;
  disabled?: boolean;
}) {
  const id = useId();
  const descId = `${id}-desc`;
  return (
    <div className="flex items-start justify-between gap-3">
      <LabelledControl id={id} label={label} className="flex flex-col">
        {description ? (
          <span id={descId} className="text-xs text-fg-muted">
            {description}
          </span>
        ) : null}
      </LabelledControl>
      <SwitchPrimitive.Root
        id={id}
        checked={checked}
        onCheckedChange={onCheckedChange}
        disabled={disabled}
        aria-describedby={description ? descId : undefined}
        className={cn(
          'relative inline-flex h-6 w-11 shrink-0 items-center rounded-pill transition-colors',
          'data-[state=checked]:bg-primary data-[state=unchecked]:bg-border-strong',
          'disabled:cursor-not-allowed disabled:opacity-70',
        )}
      >
        <SwitchPrimitive.Thumb
          className={cn(
            'block size-5 rounded-pill bg-white shadow-card transition-transform',
            'data-[state=checked]:translate-x-5 data-[state=unchecked]:translate-x-0.5',
          )}
        />
      </SwitchPrimitive.Root>
    </div>
  );
}
