import type { PostMetrics as Metrics } from '@liftoff/contracts/explore';
import Box from '@mui/material/Box';
import Rating from '@mui/material/Rating';
import Typography from '@mui/material/Typography';
import ChatBubbleIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';
import FavoriteIcon from '@mui/icons-material/FavoriteBorder';
import VisibilityIcon from '@mui/icons-material/VisibilityOutlined';
import { formatCount, ratingText } from '../format';

/** Views, likes, comments and the average rating drawn as stars (spec section 3 metrics). */
export function PostMetrics({ metrics }: { metrics: Metrics }) {
  const items = [
    { label: 'Views', value: metrics.views, icon: <VisibilityIcon fontSize="small" /> },
    { label: 'Likes', value: metrics.likes, icon: <FavoriteIcon fontSize="small" /> },
    { label: 'Comments', value: metrics.comments, icon: <ChatBubbleIcon fontSize="small" /> },
  ];
  return (
    <Box
      component="dl"
      sx={{ m: 0, display: 'flex', flexWrap: 'wrap', gap: { xs: 2, sm: 3 }, alignItems: 'center' }}
    >
      {items.map((item) => (
        <Box key={item.label} sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
          <Box
            component="dt"
            sx={{ display: 'flex', alignItems: 'center', gap: 0.75, color: 'text.secondary' }}
          >
            <Box component="span" aria-hidden="true" sx={{ display: 'flex' }}>
              {item.icon}
            </Box>
            <Typography component="span" variant="body2">
              {item.label}
            </Typography>
          </Box>
          <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 700 }}>
            {formatCount(item.value)}
          </Typography>
        </Box>
      ))}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
        <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
          Rating
        </Typography>
        <Box component="dd" sx={{ m: 0, display: 'flex', alignItems: 'center', gap: 0.75 }}>
          <Rating
            value={metrics.ratings > 0 ? metrics.averageRating : 0}
            precision={0.1}
            readOnly
            size="small"
            getLabelText={() => ratingText(metrics.averageRating, metrics.ratings)}
          />
          <Typography component="span" variant="body2" aria-hidden="true" sx={{ fontWeight: 700 }}>
            {metrics.ratings > 0
              ? `${Math.round(metrics.averageRating * 10) / 10} (${formatCount(metrics.ratings)})`
              : '–'}
          </Typography>
        </Box>
      </Box>
    </Box>
  );
}
