import { describe, expect, it } from 'vitest';
import { changesPlanVerdicts, createEventBus, type DomainEvent } from './events.js';

const silent = { error: () => undefined };

describe('the domain-event bus', () => {
  it('hands each published event to the subscribers of its type, in the order they subscribed', async () => {
    const bus = createEventBus();
    const seen: string[] = [];
    bus.subscribe('company.approved', (event) => void seen.push(`first ${event.companyName}`));
    bus.subscribe('company.approved', async (event) => void seen.push(`second ${event.companyName}`));
    bus.subscribe('subAdmin.joined', (event) => void seen.push(`joined ${event.name}`));

    await bus.publish([{ type: 'company.approved', companyId: 1, companyName: 'Acme' }], silent);
    expect(seen).toEqual(['first Acme', 'second Acme']);
  });

  it('logs a failing subscriber and still runs the others', async () => {
    const bus = createEventBus();
    const logged: unknown[] = [];
    let ran = false;
    bus.subscribe('company.registered', () => {
      throw new Error('mail server down');
    });
    bus.subscribe('company.registered', () => {
      ran = true;
    });
    await expect(
      bus.publish([{ type: 'company.registered', companyId: 2, companyName: 'Nordic' }], { error: (details) => logged.push(details) }),
    ).resolves.toBeUndefined();
    expect(ran).toBe(true);
    expect(logged).toEqual([expect.objectContaining({ event: 'company.registered' })]);
  });

  it('names the events after which a company\'s plan verdicts may differ', () => {
    const events: DomainEvent[] = [
      { type: 'planUsage.changed', companyId: 1, resource: 'link' },
      { type: 'products.moved', companyId: 1, productIds: [3] },
      { type: 'subAdmin.joined', companyId: 1, name: 'Ann' },
    ];
    expect(events.map(changesPlanVerdicts)).toEqual([true, true, false]);
  });
});
