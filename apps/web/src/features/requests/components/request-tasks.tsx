import { useState } from 'react';
import {
  Box,
  Button,
  Checkbox,
  IconButton,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import { useListTasks } from '../api/list-tasks';
import { useSaveTask } from '../api/save-task';
import { useDeleteTask } from '../api/delete-task';

/** Tasks of a request: add, tick off, delete. */
export function RequestTasks({ requestId }: { requestId: string }) {
  const tasks = useListTasks(requestId);
  const save = useSaveTask(requestId);
  const del = useDeleteTask(requestId);
  const [title, setTitle] = useState('');
  const add = () => {
    if (title.trim()) save.mutate({ body: { title: title.trim() } }, { onSuccess: () => setTitle('') });
  };
  const items = tasks.data ?? [];
  return (
    <Box>
      {!tasks.isPending && items.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
          No tasks yet.
        </Typography>
      ) : null}
      {/* A list holds only its items: the empty state is a paragraph in its place. */}
      {items.length > 0 ? (
        <List dense aria-label="Tasks">
          {items.map((t) => (
            <ListItem
              key={t.id}
              disableGutters
              secondaryAction={
                <Tooltip title={`Delete task ${t.title}`}>
                  <IconButton edge="end" aria-label={`Delete task ${t.title}`} onClick={() => del.mutate(t.id)}>
                    <DeleteOutline fontSize="small" />
                  </IconButton>
                </Tooltip>
              }
            >
              <ListItemIcon sx={{ minWidth: 36 }}>
                <Checkbox
                  edge="start"
                  checked={t.isDone}
                  inputProps={{ 'aria-label': `${t.title} done` }}
                  onChange={(e) =>
                    save.mutate({
                      taskId: t.id,
                      body: {
                        title: t.title,
                        isDone: e.target.checked,
                        dueDate: t.dueDate,
                        assignedToUserId: t.assignedTo?.userId ?? null,
                      },
                    })
                  }
                />
              </ListItemIcon>
              <ListItemText
                primary={t.title}
                sx={{ textDecoration: t.isDone ? 'line-through' : 'none', color: t.isDone ? 'text.secondary' : 'text.primary' }}
              />
            </ListItem>
          ))}
        </List>
      ) : null}
      <Box sx={{ display: 'flex', gap: 1 }}>
        <TextField
          size="small"
          label="New task"
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') add();
          }}
          slotProps={{ htmlInput: { maxLength: 200 } }}
          sx={{ flex: 1 }}
        />
        <Button variant="outlined" size="small" onClick={add} disabled={!title.trim() || save.isPending}>
          Add
        </Button>
      </Box>
    </Box>
  );
}
