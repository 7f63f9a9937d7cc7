import { describe, expect, it } from 'vitest';
import { closedAfterEach } from '../helpers/closed-after-each.js';
import { record, settle, until } from '../query/view-helpers.js';

const open = closedAfterEach();

/** One frame of a 60 Hz screen. */
const FRAME_MS = 16;

describe('the grace after a key’s last view (VIEW_GRACE_MS)', () => {
  it('a key that changes every frame for 120 frames costs one request per key, not one per change', async () => {
    const { catalogue, clock, service } = open();
    const ids = service.control
      .allSeries()
      .slice(2, 4)
      .map((series) => series.id);
    let stop: (() => void) | undefined;
    for (let frame = 0; frame < 120; frame++) {
      // What a component whose params alternate does: the new key's view subscribes, the old one's leaves.
      const view = catalogue.tvSeriesDetails({ series_id: ids[frame % 2] as number });
      const next = view.subscribe(() => {});
      stop?.();
      stop = next;
      await clock.advance(FRAME_MS);
    }
    const last = catalogue.tvSeriesDetails({ series_id: ids[1] as number });
    await until(clock, last, (s) => s.status === 'fresh' && !s.fetching);
    stop?.();
    expect(service.log.count({ operation: 'tvSeriesDetails' })).toBe(2);
    expect(catalogue.tvSeriesDetails({ series_id: ids[0] as number }).getSnapshot().status).toBe('fresh');
  });

  it('a 404 stays answered within the grace (no request again), and is asked again after it', async () => {
    const { catalogue, clock, service } = open();
    const unknown = 987_654_321;
    const view = catalogue.personDetails({ person_id: unknown });
    let rec = record(view);
    const failed = await until(clock, view, (s) => s.status === 'missing' && !s.fetching && s.error !== undefined);
    rec.stop();
    await clock.advance(1_000);
    rec = record(view);
    await settle(clock);
    expect(view.getSnapshot()).toBe(failed);
    expect(service.log.count({ operation: 'personDetails' })).toBe(1);
    rec.stop();

    // Once the grace has passed with nobody listening, the key is forgotten: a new view asks again.
    await clock.advance(6_000);
    rec = record(view);
    await until(clock, view, (s) => s.status === 'missing' && !s.fetching && s.error !== undefined);
    expect(service.log.count({ operation: 'personDetails' })).toBe(2);
    // refresh() asks at once, whatever the grace.
    await view.refresh();
    expect(service.log.count({ operation: 'personDetails' })).toBe(3);
    rec.stop();
  });

  it('a fetch in flight when the last view leaves goes on within the grace and is stored for the view back', async () => {
    const { catalogue, clock, service, connectivity } = open();
    connectivity.setOnline(false);
    const view = catalogue.airingToday();
    let rec = record(view);
    await until(clock, view, (s) => s.status === 'missing' && s.fetching);
    rec.stop();
    connectivity.setOnline(true);
    await settle(clock);
    rec = record(view);
    await until(clock, view, (s) => s.status === 'fresh' && !s.fetching);
    expect(service.log.count({ operation: 'airingToday' })).toBe(1);
    rec.stop();
  });
});
