import { useState } from 'react';
import { Button, ListItemText, ListSubheader, Menu, MenuItem } from '@mui/material';
import AddOutlined from '@mui/icons-material/AddOutlined';
import { formsApi, type TItemType } from '@meridian/domain';

/** 'Add question' with the type picker grouped Selection / Field / Yes or No / Date. */
export function AddItemMenu({ folderName, onAdd }: { folderName: string; onAdd: (type: TItemType) => void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = `add-item-${folderName.replace(/\W+/g, '-')}`;
  return (
    <>
      <Button
        startIcon={<AddOutlined />}
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-label={`Add question to ${folderName || 'this section'}`}
      >
        Add question
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {formsApi.ITEM_TYPE_GROUPS.flatMap((g) => [
          <ListSubheader key={`h-${g.name}`} sx={{ lineHeight: '32px', fontWeight: 700 }}>
            {g.name}
          </ListSubheader>,
          ...g.types.map((t) => (
            <MenuItem
              key={t}
              onClick={() => {
                setAnchor(null);
                onAdd(t);
              }}
              sx={{ pl: 3 }}
            >
              <ListItemText primary={formsApi.ITEM_TYPE_LABELS[t]} />
            </MenuItem>
          )),
        ])}
      </Menu>
    </>
  );
}
