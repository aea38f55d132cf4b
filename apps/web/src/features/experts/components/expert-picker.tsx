import type { Expert } from '@liftoff/contracts/experts';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useExpertsQuery } from '../api';
import { fullName } from '../lib/names';
import { apiHref } from '../lib/urls';

function ExpertOption({ expert, compact }: { expert: Expert; compact?: boolean }) {
  const name = fullName(expert);
  return (
    <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', minWidth: 0 }}>
      <Avatar src={apiHref(expert.profileImageUrl)} alt="" sx={{ width: 32, height: 32 }}>
        {expert.firstName[0]}
      </Avatar>
      <Box sx={{ minWidth: 0 }}>
        <Typography component="span" sx={{ display: 'block', fontWeight: 600 }}>
          {name}
        </Typography>
        {compact ? null : (
          <Typography
            component="span"
            variant="body2"
            sx={{ display: 'block', color: 'text.secondary', whiteSpace: 'normal' }}
          >
            {expert.expertMeta[0]?.headline}
          </Typography>
        )}
      </Box>
    </Box>
  );
}

/** The experts list, falling back to the one expert we already know while it loads. */
export function useExpertChoices(fallback: Expert): Expert[] {
  const { data } = useExpertsQuery();
  if (!data?.length) return [fallback];
  return data.some((e) => e.id === fallback.id) ? data : [fallback, ...data];
}

/** The expert select dropdown (spec section 2): photo, name and headline of each expert. */
export function ExpertPicker({
  experts,
  value,
  onChange,
}: {
  experts: Expert[];
  value: string;
  onChange: (expertId: string) => void;
}) {
  return (
    <TextField
      select
      fullWidth
      label="Expert"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{
        select: {
          renderValue: (selected) => {
            const expert = experts.find((e) => e.id === selected);
            return expert ? <ExpertOption expert={expert} compact /> : null;
          },
        },
      }}
    >
      {experts.map((expert) => (
        <MenuItem key={expert.id} value={expert.id} aria-label={fullName(expert)}>
          <ExpertOption expert={expert} />
        </MenuItem>
      ))}
    </TextField>
  );
}
