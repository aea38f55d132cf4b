import { useId, useRef } from 'react';
import type { KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { addMonths, formatDate, formatMonth, monthGrid } from '../lib/time';

const WEEKDAYS = ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'];

/**
 * A month of days for booking: days with free times are marked and can be picked, the rest are shown but
 * disabled, so the founder sees at a glance where the expert has room instead of trying dates one by one.
 * The month is one tab stop; the arrow keys, Home and End move between its free days, Enter picks one.
 */
export function MonthCalendar({
  month,
  freeDays,
  selected,
  loading,
  canGoBack,
  canGoForward,
  onMonthChange,
  onSelect,
}: {
  month: string;
  freeDays: string[];
  selected: string | null;
  loading: boolean;
  canGoBack: boolean;
  canGoForward: boolean;
  onMonthChange: (month: string) => void;
  onSelect: (date: string) => void;
}) {
  const titleId = useId();
  const free = new Set(freeDays);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  // One tab stop for the month (the picked day, else the first free one); arrows move between free days.
  const tabStop = selected && free.has(selected) ? selected : freeDays[0];
  const onKeyDown = (event: KeyboardEvent, date: string) => {
    const index = freeDays.indexOf(date);
    const target =
      event.key === 'ArrowRight' || event.key === 'ArrowDown'
        ? freeDays[index + 1]
        : event.key === 'ArrowLeft' || event.key === 'ArrowUp'
          ? freeDays[index - 1]
          : event.key === 'Home'
            ? freeDays[0]
            : event.key === 'End'
              ? freeDays.at(-1)
              : undefined;
    if (!target) return;
    event.preventDefault();
    buttons.current.get(target)?.focus();
  };
  return (
    <Box>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <IconButton
          aria-label="Previous month"
          disabled={!canGoBack}
          onClick={() => onMonthChange(addMonths(month, -1))}
        >
          <ChevronLeftIcon />
        </IconButton>
        <Typography id={titleId} aria-live="polite" sx={{ fontWeight: 600 }}>
          {formatMonth(month)}
        </Typography>
        <IconButton
          aria-label="Next month"
          disabled={!canGoForward}
          onClick={() => onMonthChange(addMonths(month, 1))}
        >
          <ChevronRightIcon />
        </IconButton>
      </Stack>
      <Box
        role="group"
        aria-labelledby={titleId}
        aria-busy={loading}
        sx={{
          display: 'grid',
          gridTemplateColumns: 'repeat(7, minmax(0, 1fr))',
          gap: 0.5,
          opacity: loading ? 0.6 : 1,
        }}
      >
        {WEEKDAYS.map((day) => (
          <Typography
            key={day}
            aria-hidden="true"
            variant="caption"
            sx={{ textAlign: 'center', color: 'text.secondary' }}
          >
            {day}
          </Typography>
        ))}
        {monthGrid(month).map((date, index) => {
          if (!date) return <span key={`blank-${index}`} />;
          const isFree = free.has(date);
          const isSelected = date === selected;
          return (
            <ButtonBase
              key={date}
              disabled={!isFree}
              tabIndex={date === tabStop ? 0 : -1}
              ref={(node: HTMLButtonElement | null) => {
                if (node) buttons.current.set(date, node);
                else buttons.current.delete(date);
              }}
              onKeyDown={(event) => onKeyDown(event, date)}
              aria-pressed={isSelected}
              aria-label={`${formatDate(date)}${isFree ? ', has free times' : ', no free times'}`}
              onClick={() => onSelect(date)}
              sx={{
                minHeight: 40,
                borderRadius: 2,
                flexDirection: 'column',
                fontWeight: isFree ? 700 : 400,
                color: isSelected ? 'primary.contrastText' : isFree ? 'text.primary' : 'text.disabled',
                bgcolor: isSelected ? 'primary.main' : isFree ? 'action.hover' : 'transparent',
                '&.Mui-focusVisible': {
                  outline: '2px solid',
                  outlineColor: 'primary.main',
                  outlineOffset: 1,
                },
              }}
            >
              {Number(date.slice(8))}
              {isFree ? (
                <Box
                  component="span"
                  aria-hidden="true"
                  sx={{
                    width: 5,
                    height: 5,
                    borderRadius: '50%',
                    bgcolor: isSelected ? 'primary.contrastText' : 'primary.main',
                  }}
                />
              ) : null}
            </ButtonBase>
          );
        })}
      </Box>
    </Box>
  );
}
