-- Issue 27.1, decision 0020: message content is canonical ({"kind": "text" | "image" | "sticker" |
-- "video" | "product" | "order" | "voucher" | "link" | "other", ...}, packages/contracts
-- message-content.ts) whatever the platform; the platform's own content is kept in "raw" for audit.
-- The rows stored so far are rewritten here as the adapters' decoders (shopee.content.ts,
-- lazada.content.ts) read them; the website's older rows used Shopee's field names. The migration
-- test compares this with the decoders on the same rows.
ALTER TABLE "messages" ADD COLUMN "raw" jsonb;--> statement-breakpoint
CREATE FUNCTION "m0018_id"(v jsonb) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE jsonb_typeof(v) WHEN 'string' THEN nullif(btrim(v #>> '{}'), '') WHEN 'number' THEN v #>> '{}' END
$$;--> statement-breakpoint
CREATE FUNCTION "m0018_txt"(v jsonb) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN jsonb_typeof(v) = 'string' THEN nullif(v #>> '{}', '') END
$$;--> statement-breakpoint
CREATE FUNCTION "m0018_size"(v jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN jsonb_typeof(v) = 'number' AND (v #>> '{}')::numeric >= 0.5
    THEN to_jsonb(round((v #>> '{}')::numeric)) END
$$;--> statement-breakpoint
CREATE FUNCTION "m0018_truthy"(v jsonb) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE jsonb_typeof(v)
    WHEN 'boolean' THEN v = 'true'::jsonb
    WHEN 'number' THEN (v #>> '{}')::numeric <> 0
    WHEN 'string' THEN v #>> '{}' <> ''
    WHEN 'object' THEN true
    WHEN 'array' THEN true
    ELSE false END
$$;--> statement-breakpoint
CREATE FUNCTION "m0018_shopee"(t text, c jsonb) RETURNS jsonb LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  products jsonb;
  ref text;
  url text;
BEGIN
  IF t = 'text' AND jsonb_typeof(c -> 'text') = 'string' THEN
    RETURN jsonb_strip_nulls(jsonb_build_object('kind', 'text', 'text', c -> 'text',
      'notice', CASE WHEN m0018_truthy(c -> 'notification_for_receiver') THEN true END));
  END IF;
  IF t = 'sticker' THEN
    RETURN jsonb_strip_nulls(jsonb_build_object('kind', 'sticker', 'url', m0018_txt(c -> 'url'),
      'stickerId', m0018_id(c -> 'sticker_id'), 'packageId', m0018_id(c -> 'sticker_package_id')));
  END IF;
  IF t = 'video' OR m0018_txt(c -> 'video_url') IS NOT NULL THEN
    RETURN jsonb_strip_nulls(jsonb_build_object('kind', 'video', 'url', m0018_txt(c -> 'video_url'),
      'thumbUrl', m0018_txt(c -> 'thumb_url')));
  END IF;
  IF jsonb_typeof(c -> 'chat_product_infos') = 'array' THEN
    SELECT jsonb_agg(jsonb_build_object('id', m0018_id(e -> 'item_id')) ORDER BY n) INTO products
      FROM jsonb_array_elements(c -> 'chat_product_infos') WITH ORDINALITY AS x(e, n)
      WHERE jsonb_typeof(e) = 'object' AND m0018_id(e -> 'item_id') IS NOT NULL;
    IF products IS NOT NULL THEN
      RETURN jsonb_build_object('kind', 'product', 'products', products, 'suggested', true);
    END IF;
  END IF;
  IF t = 'faq_unsupported' OR m0018_id(c -> 'faq_id') IS NOT NULL OR jsonb_typeof(c -> 'messages') = 'array' THEN
    RETURN jsonb_strip_nulls(jsonb_build_object('kind', 'link', 'faqId', m0018_id(c -> 'faq_id'),
      'text', CASE WHEN jsonb_typeof(c -> 'messages') = 'array' THEN
        nullif((SELECT string_agg(e #>> '{}', E'\n' ORDER BY n)
          FROM jsonb_array_elements(c -> 'messages') WITH ORDINALITY AS x(e, n)
          WHERE jsonb_typeof(e) = 'string'), '')
        ELSE m0018_txt(c -> 'text') END));
  END IF;
  ref := m0018_id(c -> 'order_sn');
  IF ref IS NOT NULL THEN RETURN jsonb_build_object('kind', 'order', 'orderId', ref); END IF;
  ref := m0018_id(c -> 'item_id');
  IF ref IS NOT NULL THEN
    RETURN jsonb_build_object('kind', 'product', 'products', jsonb_build_array(jsonb_strip_nulls(
      jsonb_build_object('id', ref, 'name', m0018_txt(c -> 'name'), 'price', m0018_txt(c -> 'price'),
        'currency', m0018_txt(c -> 'currency'), 'image', m0018_txt(c -> 'image')))));
  END IF;
  ref := coalesce(m0018_id(c -> 'voucher_id'), m0018_id(c -> 'voucher_code'));
  IF ref IS NOT NULL THEN
    RETURN jsonb_strip_nulls(jsonb_build_object('kind', 'voucher', 'voucherId', ref,
      'code', m0018_id(c -> 'voucher_code')));
  END IF;
  url := coalesce(m0018_txt(c -> 'url'), m0018_txt(c -> 'image_url'), m0018_txt(c -> 'thumb_url'));
  IF url IS NOT NULL THEN
    RETURN jsonb_strip_nulls(jsonb_build_object('kind', 'image', 'url', url,
      'thumbUrl', m0018_txt(c -> 'thumb_url'),
      'width', coalesce(m0018_size(c -> 'thumb_width'), m0018_size(c -> 'width')),
      'height', coalesce(m0018_size(c -> 'thumb_height'), m0018_size(c -> 'height')),
      'imageId', m0018_txt(c -> 'image_id')));
  END IF;
  IF jsonb_typeof(c -> 'text') = 'string' THEN
    RETURN jsonb_strip_nulls(jsonb_build_object('kind', 'text', 'text', c -> 'text',
      'notice', CASE WHEN m0018_truthy(c -> 'notification_for_receiver') THEN true END));
  END IF;
  RETURN jsonb_build_object('kind', 'other', 'label', coalesce(nullif(t, ''), 'message'));
END $$;--> statement-breakpoint
CREATE FUNCTION "m0018_lazada"(t text, c jsonb) RETURNS jsonb LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  txt text := CASE WHEN jsonb_typeof(c -> 'txt') = 'string' THEN c ->> 'txt' END;
  item text := coalesce(m0018_id(c -> 'itemId'), m0018_id(c -> 'item_id'));
  ref text;
  url text;
BEGIN
  IF jsonb_typeof(c -> 'raw') = 'string' AND (SELECT count(*) FROM jsonb_object_keys(c)) = 1 THEN
    RETURN jsonb_build_object('kind', 'other', 'label', 'unreadable', 'unreadable', true);
  END IF;
  IF t = '1' AND txt IS NOT NULL THEN RETURN jsonb_build_object('kind', 'text', 'text', txt); END IF;
  IF t = '4' AND txt IS NOT NULL THEN RETURN jsonb_build_object('kind', 'sticker', 'emoji', txt); END IF;
  ref := coalesce(m0018_id(c -> 'orderId'), m0018_id(c -> 'order_id'));
  IF (t = '10007' OR item IS NULL) AND ref IS NOT NULL THEN
    RETURN jsonb_build_object('kind', 'order', 'orderId', ref);
  END IF;
  ref := coalesce(m0018_id(c -> 'promotionId'), m0018_id(c -> 'promotion_id'));
  IF (t = '10008' OR item IS NULL) AND ref IS NOT NULL THEN
    RETURN jsonb_build_object('kind', 'voucher', 'voucherId', ref);
  END IF;
  IF item IS NOT NULL THEN
    RETURN jsonb_strip_nulls(jsonb_build_object('kind', 'product', 'products', jsonb_build_array(
      jsonb_strip_nulls(jsonb_build_object('id', item, 'name', m0018_txt(c -> 'title'),
        'price', m0018_txt(c -> 'price'), 'image', m0018_txt(c -> 'iconUrl')))),
      'suggested', CASE WHEN m0018_truthy(c -> 'suggested') THEN true END));
  END IF;
  url := coalesce(m0018_txt(c -> 'imgUrl'), m0018_txt(c -> 'img_url'));
  IF url IS NOT NULL THEN
    RETURN jsonb_strip_nulls(jsonb_build_object('kind', 'image', 'url', url,
      'width', m0018_size(c -> 'width'), 'height', m0018_size(c -> 'height'),
      'imageId', m0018_txt(c -> 'image_id')));
  END IF;
  IF m0018_txt(c -> 'title') IS NOT NULL OR m0018_txt(c -> 'actionUrl') IS NOT NULL THEN
    RETURN jsonb_strip_nulls(jsonb_build_object('kind', 'link', 'title', m0018_txt(c -> 'title'),
      'icon', m0018_txt(c -> 'iconUrl'), 'url', m0018_txt(c -> 'actionUrl'),
      'product', CASE WHEN m0018_truthy(c -> 'suggested') THEN true END));
  END IF;
  IF txt IS NOT NULL THEN RETURN jsonb_build_object('kind', 'text', 'text', txt); END IF;
  RETURN jsonb_build_object('kind', 'other', 'label', coalesce(nullif(t, ''), 'message'));
END $$;--> statement-breakpoint
-- The content changes nothing Insights counts: its update trigger would only queue every chat again.
ALTER TABLE "messages" DISABLE TRIGGER "messages_insights_update";--> statement-breakpoint
UPDATE "messages" m SET "raw" = m."content",
  "content" = CASE s."provider" WHEN 'lazada' THEN m0018_lazada(m."type", m."content")
    ELSE m0018_shopee(m."type", m."content") END
  FROM "shops" s WHERE s."id" = m."shop_id" AND NOT (m."content" ? 'kind');--> statement-breakpoint
ALTER TABLE "messages" ENABLE TRIGGER "messages_insights_update";--> statement-breakpoint
DROP FUNCTION "m0018_lazada"(text, jsonb);--> statement-breakpoint
DROP FUNCTION "m0018_shopee"(text, jsonb);--> statement-breakpoint
DROP FUNCTION "m0018_truthy"(jsonb);--> statement-breakpoint
DROP FUNCTION "m0018_size"(jsonb);--> statement-breakpoint
DROP FUNCTION "m0018_txt"(jsonb);--> statement-breakpoint
DROP FUNCTION "m0018_id"(jsonb);
