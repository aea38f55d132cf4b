import {
  nextFreeHorizonDays,
  type AvailabilityDays,
  type AvailabilityDaysQuery,
  type NextFreeSlot,
} from '@liftoff/contracts/experts';
import { DateTime } from 'luxon';
import type { Db } from '../../db/client.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { firstFreeSlot, freeDays, isValidZone, type AvailabilityRules } from './availability.js';
import type { BusyOf } from './calendars/busy-times.js';
import { expertsRepository } from './repository.js';

const DAY = 24 * 60 * 60 * 1000;

export function checkZone(timezone: string, field = 'timezone'): string {
  if (!isValidZone(timezone)) {
    throw badRequest(`timezone: "${timezone}" is not a known IANA time zone (e.g. Europe/Berlin).`, [
      { path: field, message: 'Unknown time zone' },
    ]);
  }
  return timezone;
}

export function serviceOf(rules: AvailabilityRules, serviceKey: string | undefined) {
  const service = serviceKey ? rules.services.find((s) => s.serviceKey === serviceKey) : rules.services[0];
  if (!service) {
    throw badRequest(`serviceKey: this expert offers no service "${serviceKey}".`, [
      { path: 'serviceKey', message: `Choose one of: ${rules.services.map((s) => s.serviceKey).join(', ')}` },
    ]);
  }
  return service;
}

function checkMonth(month: string): string {
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) {
    throw badRequest(`month: "${month}" is not a calendar month in the form YYYY-MM.`, [
      { path: 'month', message: 'Expected a month, YYYY-MM' },
    ]);
  }
  return month;
}

/**
 * What the experts page and the booking month view ask beyond one day's slots: each expert's next free
 * slot, and which days of a month have any. Both walk `freeSlots` (availability.ts) with the live meetings,
 * so they can never disagree with the slot list a founder books from.
 */
export function availabilityCalendar(deps: { db: Db; now: () => Date; busy: BusyOf }) {
  const { db } = deps;
  return {
    async nextFreeSlots(): Promise<NextFreeSlot[]> {
      const repo = expertsRepository(db);
      const now = deps.now();
      const until = new Date(now.getTime() + (nextFreeHorizonDays + 2) * DAY);
      return Promise.all(
        (await repo.list()).map(async (expert) => {
          const rules = expert.availability;
          const service = rules.services[0];
          if (!service) return { expertId: expert.id, serviceKey: '', start: null };
          const busy = await deps.busy(expert, new Date(now.getTime() - DAY), until);
          const start = firstFreeSlot({ rules, service, now, busy }, nextFreeHorizonDays);
          return {
            expertId: expert.id,
            serviceKey: service.serviceKey,
            start: start === null ? null : new Date(start).toISOString(),
          };
        }),
      );
    },

    async availabilityDays(expertId: string, query: AvailabilityDaysQuery): Promise<AvailabilityDays> {
      const month = checkMonth(query.month);
      const timezone = checkZone(query.timezone);
      const repo = expertsRepository(db);
      const expert = await repo.findById(expertId);
      if (!expert) throw notFound('Expert not found.');
      const rules = expert.availability;
      const service = serviceOf(rules, query.serviceKey);
      const first = DateTime.fromISO(`${month}-01`, { zone: timezone });
      const busy = await deps.busy(
        expert,
        new Date(first.toMillis() - DAY),
        new Date(first.plus({ months: 1 }).toMillis() + DAY),
      );
      return {
        month,
        timezone,
        serviceKey: service.serviceKey,
        days: freeDays({ rules, service, month, timezone, now: deps.now(), busy }),
      };
    },
  };
}
