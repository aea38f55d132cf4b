import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { PASSWORD_MIN } from '@liftoff/contracts/auth';

const labels = ['Too short', 'Weak', 'Fair', 'Good', 'Strong'] as const;
const colors = ['error', 'error', 'warning', 'info', 'success'] as const;

/** A rough strength score 0..4: length counts most (no composition rules, as the API has none). */
export function passwordScore(password: string): number {
  if (password.length < PASSWORD_MIN) return 0;
  let score = 1;
  if (password.length >= 12) score += 1;
  if (password.length >= 16) score += 1;
  const kinds = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/].filter((pattern) => pattern.test(password)).length;
  if (kinds >= 3) score += 1;
  if (/^(.)\1+$/.test(password)) score = 1;
  return Math.min(score, 4);
}

export function PasswordStrength({ password, id }: { password: string; id?: string }) {
  if (!password) {
    return (
      <Typography id={id} variant="caption" sx={{ color: 'text.secondary', display: 'block', mt: 0.5 }}>
        Use at least {PASSWORD_MIN} characters. A few unrelated words make a strong passphrase.
      </Typography>
    );
  }
  const score = passwordScore(password);
  return (
    <Box id={id} sx={{ mt: 1 }} aria-live="polite">
      <LinearProgress
        variant="determinate"
        value={(score / 4) * 100}
        color={colors[score]}
        sx={{ height: 6, borderRadius: 3 }}
        aria-hidden="true"
      />
      <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block', mt: 0.5 }}>
        Password strength: <strong>{labels[score]}</strong>
        {score < 3 ? ' — a longer passphrase is stronger.' : ''}
      </Typography>
    </Box>
  );
}
