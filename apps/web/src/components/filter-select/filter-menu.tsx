import { Menu, MenuItem } from '@mui/material';
import { MuiScope } from '../mui-scope/mui-scope.tsx';

export interface FilterOption {
  value: string;
  label: string;
}

/** An open filter's options, as MUI's select shows them: a listbox under the field, the chosen one focused. */
export function FilterMenu({
  anchor,
  listId,
  labelId,
  value,
  options,
  onChoose,
  onClose,
}: {
  anchor: HTMLElement;
  listId: string;
  labelId: string;
  value: string;
  options: FilterOption[];
  onChoose: (value: string) => void;
  onClose: () => void;
}) {
  return (
    <MuiScope>
      <Menu
        open
        anchorEl={anchor}
        onClose={onClose}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
        transformOrigin={{ vertical: 'top', horizontal: 'center' }}
        slotProps={{
          list: { id: listId, role: 'listbox', 'aria-labelledby': labelId, disableListWrap: true },
          paper: { style: { minWidth: anchor.clientWidth } },
        }}
      >
        {options.map((option) => (
          <MenuItem
            key={option.value}
            role="option"
            selected={option.value === value}
            aria-selected={option.value === value}
            onClick={() => onChoose(option.value)}
          >
            {option.label}
          </MenuItem>
        ))}
      </Menu>
    </MuiScope>
  );
}
