import type { PostMetrics as Metrics } from '@liftoff/contracts/explore';
import Box from '@mui/material/Box';
import Rating from '@mui/material/Rating';
import Typography from '@mui/material/Typography';
import ChatBubbleIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';
import FavoriteIcon from '@mui/icons-material/FavoriteBorder';
import VisibilityIcon from '@mui/icons-material/VisibilityOutlined';
import { formatCount, ratingText } from '../format';

/** Whether the source counts any of the post's numbers; a number it does not count is null. */
export const hasMetrics = (metrics: Metrics) => Object.values(metrics).some((value) => value !== null);

/**
 * The numbers the source really counts (spec section 3 metrics): views, likes, comments and the average
 * rating drawn as stars. A number the source does not count (null) is left out, not shown as 0.
 */
export function PostMetrics({ metrics }: { metrics: Metrics }) {
  const counted = [
    { label: 'Views', value: metrics.views, icon: <VisibilityIcon fontSize="small" /> },
    { label: 'Likes', value: metrics.likes, icon: <FavoriteIcon fontSize="small" /> },
    { label: 'Comments', value: metrics.comments, icon: <ChatBubbleIcon fontSize="small" /> },
  ].flatMap((item) => (item.value === null ? [] : [{ ...item, value: item.value }]));
  const ratings = metrics.ratings;
  const average = metrics.averageRating ?? 0;
  return (
    <Box
      component="dl"
      sx={{ m: 0, display: 'flex', flexWrap: 'wrap', gap: { xs: 2, sm: 3 }, alignItems: 'center' }}
    >
      {counted.map((item) => (
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
      {ratings === null ? null : (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
          <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
            Rating
          </Typography>
          <Box component="dd" sx={{ m: 0, display: 'flex', alignItems: 'center', gap: 0.75 }}>
            <Rating
              value={ratings > 0 ? average : 0}
              precision={0.1}
              readOnly
              size="small"
              getLabelText={() => ratingText(average, ratings)}
            />
            <Typography component="span" variant="body2" aria-hidden="true" sx={{ fontWeight: 700 }}>
              {ratings > 0 ? `${Math.round(average * 10) / 10} (${formatCount(ratings)})` : '–'}
            </Typography>
          </Box>
        </Box>
      )}
    </Box>
  );
}
