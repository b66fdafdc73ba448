import MoreVert from '@mui/icons-material/MoreVert';
import { IconButton, ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import { type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';

export interface MoreAction {
  label: string;
  icon: ReactNode;
  /** A page to open, or… */
  to?: string;
  /** …something to do. */
  onClick?: () => void;
}

/** A page's secondary actions behind one button, so its header stays on one line at any width. */
export function MoreActions({ actions, label = 'More actions' }: { actions: MoreAction[]; label?: string }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const id = useId();
  const close = () => setAnchor(null);
  return (
    <>
      <IconButton
        aria-label={label}
        aria-haspopup="menu"
        aria-controls={anchor ? id : undefined}
        aria-expanded={anchor ? true : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        <MoreVert />
      </IconButton>
      <Menu id={id} anchorEl={anchor} open={!!anchor} onClose={close}>
        {actions.map((action) =>
          action.to ? (
            <MenuItem key={action.label} component={Link} to={action.to} onClick={close}>
              <ListItemIcon>{action.icon}</ListItemIcon>
              <ListItemText>{action.label}</ListItemText>
            </MenuItem>
          ) : (
            <MenuItem
              key={action.label}
              onClick={() => {
                close();
                action.onClick?.();
              }}
            >
              <ListItemIcon>{action.icon}</ListItemIcon>
              <ListItemText>{action.label}</ListItemText>
            </MenuItem>
          ),
        )}
      </Menu>
    </>
  );
}
