/** Built-in stickers and pictures a shopper can send from the console. */

export interface Sticker {
  id: string;
  packageId: string;
  emoji: string;
  label: string;
}

export const stickers: readonly Sticker[] = [
  { id: '1001', packageId: '101', emoji: '👋', label: 'Hello' },
  { id: '1002', packageId: '101', emoji: '🙏', label: 'Thank you' },
  { id: '1003', packageId: '101', emoji: '😍', label: 'Love it' },
  { id: '1004', packageId: '101', emoji: '👌', label: 'OK' },
  { id: '1005', packageId: '101', emoji: '😢', label: 'Sad' },
  { id: '1006', packageId: '101', emoji: '😂', label: 'Haha' },
];

export const stickerById = (id: string) => stickers.find((s) => s.id === id);
export const stickerByEmoji = (emoji: string) => stickers.find((s) => s.emoji === emoji);

export interface Photo {
  id: string;
  emoji: string;
  caption: string;
  width: number;
  height: number;
}

export const photos: readonly Photo[] = [
  { id: 'parcel', emoji: '📦', caption: 'My parcel arrived', width: 640, height: 480 },
  { id: 'damaged', emoji: '💔', caption: 'Item arrived damaged', width: 640, height: 480 },
  { id: 'receipt', emoji: '🧾', caption: 'Payment receipt', width: 480, height: 640 },
  { id: 'size-chart', emoji: '📏', caption: 'Which size is this?', width: 640, height: 640 },
];

export const photoById = (id: string) => photos.find((p) => p.id === id);
export const stickerPath = (s: Sticker) => `assets/stickers/${s.id}.svg`;
export const photoPath = (p: Photo) => `assets/photos/${p.id}.svg`;
