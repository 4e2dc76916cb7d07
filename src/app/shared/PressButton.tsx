import type { ReactNode } from 'react';
import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components';
import { buttonClass, type ButtonVariant } from './Button.tsx';

export interface PressButtonProps extends Omit<AriaButtonProps, 'className' | 'children'> {
  variant?: ButtonVariant;
  className?: string;
  children: ReactNode;
}

/** The same styles on React Aria's Button (press events, focus ring only for keyboard users). */
export function PressButton({ variant = 'primary', className = '', ...rest }: PressButtonProps) {
  return (
    <AriaButton
      className={buttonClass(
        variant,
        `data-[focus-visible]:outline-2 data-[focus-visible]:outline-offset-2 data-[focus-visible]:outline-primary ${className}`,
      )}
      {...rest}
    />
  );
}
