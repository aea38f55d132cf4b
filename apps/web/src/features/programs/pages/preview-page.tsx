import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import LinkOffIcon from '@mui/icons-material/LinkOff';

/** Public preview of a shared outcome. Sharing arrives with the outcomes issue; until then no link resolves. */
export function PreviewPage() {
  return (
    <Card component="article">
      <CardContent sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
        <LinkOffIcon color="primary" sx={{ fontSize: 56 }} aria-hidden="true" />
        <Typography variant="h1" sx={{ fontSize: '1.5rem', mt: 2 }}>
          Nothing to preview here
        </Typography>
        <Typography sx={{ color: 'text.secondary', mt: 1 }}>
          This link does not point to a shared item. Ask the person who sent it for a fresh link.
        </Typography>
      </CardContent>
    </Card>
  );
}
