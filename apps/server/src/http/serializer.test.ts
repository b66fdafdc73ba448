import { shopeeConversationPage } from '@balas/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compileResponseSerializer } from './serializer.ts';

const answer = z.object({
  id: z.string(),
  count: z.number().int(),
  note: z.string().nullable(),
  content: z.record(z.string(), z.unknown()),
  tags: z.array(z.string()).optional(),
});
const route = { method: 'GET', url: '/api/thing' };

describe('response serializer', () => {
  it('writes only the declared fields, as JSON.stringify would', () => {
    const write = compileResponseSerializer(false)({ ...route, schema: answer });
    const data = {
      id: 'a"b',
      count: 3,
      note: null,
      content: { text: 'hé\n', n: [1, { x: 2 }] },
      secret: 'x',
    };
    expect(JSON.parse(write(data))).toEqual({ id: 'a"b', count: 3, note: null, content: data.content });
  });

  it('checks each answer against its schema when asked', () => {
    const write = compileResponseSerializer(true)({ ...route, schema: answer });
    expect(() => write({ id: 1, count: 3, note: null, content: {} })).toThrow();
    expect(write({ id: 'x', count: 3, note: 'n', content: {} })).toBe(
      '{"id":"x","count":3,"note":"n","content":{}}',
    );
  });

  it('fails, when checking, where the compiled writer and the schema disagree', () => {
    // Rewriting a value is beyond JSON Schema: the compiled writer cannot follow it.
    const schema = z.object({ name: z.string().overwrite((s) => s.trim()) });
    const write = compileResponseSerializer(true)({ ...route, schema });
    expect(() => write({ name: ' Siti ' })).toThrow(/compiled serializer/);
  });

  it('writes a conversation page exactly as the contract parses it', () => {
    const schema = z.object({ data: shopeeConversationPage });
    const write = compileResponseSerializer(true)({ ...route, schema });
    const page = {
      conversations: [
        {
          id: '0196a1c2-0000-7000-8000-000000000001',
          conversation_id: '123456789012345678901',
          to_id: 'buyer',
          to_name: 'Siti',
          latest_message_content: { text: 'hello "there"' },
          last_message_timestamp: '1795452726984000000',
          newMsg: true,
          unread_count: 2,
          is_enable: true,
          is_agent: false,
          handover_reason: null,
        },
      ],
      page_result: {
        page_size: 20,
        more: false,
        next_cursor: { next_message_time_nano: '', conversation_id: '' },
      },
    };
    expect(JSON.parse(write({ data: page }))).toEqual({ data: page });
  });
});
