/** The user menu's button face, which the top bar draws while UserMenu.tsx loads and the menu after. */

function initials(user: { first_name: string; last_name: string }): string {
  return `${user.first_name.charAt(0)}${user.last_name.charAt(0)}`.toUpperCase();
}

/** The user menu's button, here and in UserMenu.tsx, so the swap moves nothing. */
export const USER_BUTTON_CLASS =
  'flex h-9 w-9 items-center justify-center rounded-full bg-white/15 text-sm font-semibold text-white ring-1 ring-white/30 hover:bg-white/25 data-[pressed]:bg-white/30';

/** What the user menu's button reads: the initials, and for screen readers whose menu it is. */
export function UserButtonFace({ user }: { user: { first_name: string; last_name: string } }) {
  return (
    <>
      {initials(user)}
      <span className="sr-only">, user menu for {`${user.first_name} ${user.last_name}`}</span>
    </>
  );
}
