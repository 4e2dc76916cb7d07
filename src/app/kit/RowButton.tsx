/**
 * A button in a list row's actions: its words say the action, its accessible name adds the row's
 * name ("Rename Q3 launch"), so a screen reader (and a test) tells the rows' buttons apart.
 */
import type { ReactNode } from 'react';
import { Button } from '../shared/Button.tsx';

/** `plain` an ordinary action, `quiet` a secondary one (less ink), `danger` one that deletes or cannot be undone. */
const TONES = {
  plain: { variant: 'secondary', className: 'px-2.5 py-1' },
  quiet: { variant: 'ghost', className: 'px-2.5 py-1' },
  danger: { variant: 'ghost', className: 'px-2.5 py-1 text-red-700 hover:bg-red-50' },
} as const;

export function RowButton({
  action,
  name,
  onPress,
  tone = 'plain',
  disabled,
  children,
}: {
  /** The action's word ('Rename'). */
  action: string;
  /** The row's name, for the accessible name. */
  name: string;
  onPress: () => void;
  tone?: keyof typeof TONES;
  disabled?: boolean;
  /** What the button shows, when not the action's word. */
  children?: ReactNode;
}) {
  const { variant, className } = TONES[tone];
  return (
    <Button
      variant={variant}
      className={className}
      disabled={disabled}
      aria-label={`${action} ${name}`}
      onClick={onPress}
    >
      {children ?? action}
    </Button>
  );
}
