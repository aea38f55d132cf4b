import { useId, useRef } from 'react';
import { useDispatch } from 'react-redux';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { copyText } from '../../../lib/clipboard';
import { showError, showSuccess } from '../../../lib/toast';

export const LINK_COPIED = 'Link copied. Share it with your team.';

/** The copy-link input of spec section 2: the article's address and a Copy button. */
export function ShareLink({ url }: { url: string }) {
  const dispatch = useDispatch();
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const copy = async () => {
    const copied = await copyText(url, inputRef.current);
    dispatch(
      copied ? showSuccess(LINK_COPIED) : showError('Copying did not work. Select the link and copy it.'),
    );
  };
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', maxWidth: 560 }}>
      <TextField
        id={id}
        label="Link to this article"
        value={url}
        size="small"
        inputRef={inputRef}
        slotProps={{
          htmlInput: {
            readOnly: true,
            onFocus: (event: React.FocusEvent<HTMLInputElement>) => event.target.select(),
          },
        }}
      />
      <Button
        variant="contained"
        startIcon={<ContentCopyIcon />}
        onClick={() => void copy()}
        sx={{ flexShrink: 0 }}
      >
        Copy link
      </Button>
    </Box>
  );
}
