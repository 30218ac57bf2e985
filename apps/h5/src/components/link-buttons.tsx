import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';

type Link = { id: string; path: string };

type Props<L extends Link> = {
  links: readonly L[];
  /** The list's class; each button gets `itemClassName`. */
  className: string;
  itemClassName: string;
  /** Each button carries `${testIdPrefix}${id}`. */
  testIdPrefix: string;
  /** What a tap does with the link's path (default: go there). */
  onOpen?: (path: string) => void;
  /** `div` where the buttons are cards in the page rather than a navigation block. */
  as?: 'nav' | 'div';
  children: (link: L) => ReactNode;
};

/** A row or grid of buttons that each lead to a page (shortcuts, menu entries, action tiles). */
export function LinkButtons<L extends Link>({
  links,
  className,
  itemClassName,
  testIdPrefix,
  onOpen,
  as: Tag = 'nav',
  children,
}: Props<L>) {
  const navigate = useNavigate();
  const open = onOpen ?? ((path: string) => navigate(path));
  return (
    <Tag className={className}>
      {links.map((link) => (
        <button
          type="button"
          key={link.id}
          className={itemClassName}
          onClick={() => open(link.path)}
          data-testid={`${testIdPrefix}${link.id}`}
        >
          {children(link)}
        </button>
      ))}
    </Tag>
  );
}
