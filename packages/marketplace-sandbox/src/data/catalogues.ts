/** Demo catalogues of the seeded shops (Malaysian sellers, prices in MYR). */

export interface ProductSeed {
  name: string;
  description: string;
  price: number;
  /** Shown as the price before discount when higher than `price`. */
  originalPrice?: number;
  stock: number;
  /** Drawn on the generated product picture. */
  emoji: string;
  brand?: string;
  /** Up to two tiers; the first tier's options add `priceStep` each to the price. */
  variations?: { name: string; options: string[] }[];
  priceStep?: number;
  unlisted?: boolean;
}

const SHIPS_KL = 'Ships from Shah Alam, Selangor within 1-2 working days.';
const SHIPS_PENANG = 'Ships from Bayan Lepas, Penang within 2 working days.';

export const babyCatalogue: ProductSeed[] = [
  {
    name: 'Cotton Baby Romper',
    description: `100% combed cotton romper with nickel-free snap buttons. Machine wash at 30°C, tumble dry low. ${SHIPS_KL}`,
    price: 29.9,
    stock: 120,
    emoji: '👶',
    brand: 'Comel',
    variations: [
      { name: 'Size', options: ['0-3M', '3-6M', '6-12M'] },
      { name: 'Colour', options: ['Mint', 'Peach'] },
    ],
    priceStep: 2,
  },
  {
    name: 'Bamboo Swaddle Blanket 120x120cm',
    description: `Breathable bamboo muslin that gets softer with every wash. Suitable from newborn. ${SHIPS_KL}`,
    price: 45,
    originalPrice: 59,
    stock: 64,
    emoji: '🧸',
    brand: 'Comel',
    variations: [{ name: 'Colour', options: ['Sage', 'Cream', 'Dusty Pink'] }],
  },
  {
    name: 'Wooden Busy Board',
    description: `Montessori activity board with latches, zips and switches. Rounded edges, water-based paint. For ages 3 and up. ${SHIPS_KL}`,
    price: 119,
    stock: 18,
    emoji: '🧩',
  },
  {
    name: 'Silicone Feeding Set',
    description: `Suction plate, bowl and spoon in food-grade silicone. BPA free, dishwasher and microwave safe. ${SHIPS_KL}`,
    price: 59.9,
    stock: 75,
    emoji: '🥣',
  },
  {
    name: 'ISOFIX Car Seat (0-4 years)',
    description: `Rear facing up to 15 months, ECE R129 certified, 360° swivel. 2-year warranty from the seller. ${SHIPS_KL}`,
    price: 689,
    originalPrice: 799,
    stock: 9,
    emoji: '🚗',
    brand: 'SafeRide',
  },
  {
    name: 'Lightweight Cabin Stroller',
    description: `Folds with one hand, 6.5 kg, fits airline cabins. Reclines fully for newborns. 1-year warranty. ${SHIPS_KL}`,
    price: 799,
    stock: 12,
    emoji: '🚼',
    brand: 'SafeRide',
  },
  {
    name: 'Nursing Pillow',
    description: `Firm support for feeding, cotton cover is removable and washable. ${SHIPS_KL}`,
    price: 79,
    stock: 40,
    emoji: '🤱',
  },
  {
    name: 'Foldable Baby Bath Tub',
    description: `Folds flat for storage, with a temperature-sensing drain plug. For 0-3 years. ${SHIPS_KL}`,
    price: 89,
    stock: 27,
    emoji: '🛁',
  },
  {
    name: 'Organic Baby Lotion 200ml',
    description: `Fragrance free, for sensitive skin. Made in Malaysia, KKM notified. Best before 24 months after opening. ${SHIPS_KL}`,
    price: 32.5,
    stock: 210,
    emoji: '🧴',
    brand: 'Comel',
  },
  {
    name: 'Teething Ring Set (3 pcs)',
    description: `Food-grade silicone, can be chilled in the fridge. For 3 months and up. ${SHIPS_KL}`,
    price: 19.9,
    stock: 150,
    emoji: '🦷',
  },
  {
    name: 'Diaper Bag Backpack',
    description: `Water resistant, 12 pockets, insulated bottle holder and changing mat included. ${SHIPS_KL}`,
    price: 139,
    stock: 33,
    emoji: '🎒',
  },
  {
    name: 'Star Night Light Projector',
    description: `Projects stars on the ceiling, with white noise and a 30-minute timer. USB-C powered. ${SHIPS_KL}`,
    price: 69,
    stock: 48,
    emoji: '🌙',
  },
  {
    name: 'Tape Diapers (Jumbo Pack)',
    description: `Ultra-thin, 12-hour dryness, wetness indicator. Sold per jumbo pack. ${SHIPS_KL}`,
    price: 54.9,
    stock: 300,
    emoji: '🧷',
    variations: [{ name: 'Size', options: ['NB (64)', 'S (58)', 'M (50)', 'L (44)', 'XL (38)'] }],
  },
  {
    name: 'Ergonomic Hip Seat Carrier',
    description: `Hip seat carrier for 3-36 months, up to 20 kg, breathable mesh. ${SHIPS_KL}`,
    price: 159,
    stock: 21,
    emoji: '🤗',
  },
  {
    name: 'Anti-Colic Feeding Bottle 260ml (2-pack)',
    description: `Vented anti-colic valve, slow-flow teats included. PP, BPA free. ${SHIPS_KL}`,
    price: 45.9,
    stock: 95,
    emoji: '🍼',
  },
  {
    name: 'Buaian Spring Baby Cradle',
    description: `Traditional Malaysian spring cradle (buai) with a steel stand and cotton sarong. Holds up to 15 kg. Self-assembly in 15 minutes. ${SHIPS_KL}`,
    price: 189,
    stock: 14,
    emoji: '🧺',
  },
  {
    name: 'Baby Walker (2022 model)',
    description: 'Discontinued model, replaced by the 2024 walker.',
    price: 99,
    stock: 0,
    emoji: '🛞',
    unlisted: true,
  },
];

export const batikCatalogue: ProductSeed[] = [
  {
    name: "Men's Batik Shirt Long Sleeve",
    description: `Hand-stamped Terengganu batik on cotton, regular fit. Cold hand wash, dry in shade. ${SHIPS_PENANG}`,
    price: 129,
    stock: 60,
    emoji: '👔',
    brand: 'Batik Lane',
    variations: [{ name: 'Size', options: ['S', 'M', 'L', 'XL', 'XXL'] }],
    priceStep: 5,
  },
  {
    name: 'Baju Kurung Moden Cotton',
    description: `Two-piece baju kurung moden in breathable cotton with pockets. Size chart in the pictures. ${SHIPS_PENANG}`,
    price: 159,
    originalPrice: 189,
    stock: 45,
    emoji: '👗',
    brand: 'Batik Lane',
    variations: [
      { name: 'Size', options: ['S', 'M', 'L', 'XL'] },
      { name: 'Colour', options: ['Emerald', 'Maroon', 'Navy'] },
    ],
    priceStep: 5,
  },
  {
    name: 'Tudung Bawal Satin Printed',
    description: `45-inch square, silky satin with batik print, easy to iron. ${SHIPS_PENANG}`,
    price: 25.9,
    stock: 240,
    emoji: '🧕',
    variations: [{ name: 'Colour', options: ['Dusty Rose', 'Olive', 'Midnight', 'Mustard', 'Lilac'] }],
  },
  {
    name: 'Songkok Baldu Premium',
    description: `Velvet songkok with a firm inner lining. Measure your head circumference in inches. ${SHIPS_PENANG}`,
    price: 45,
    stock: 80,
    emoji: '🎩',
    variations: [{ name: 'Size', options: ['21', '22', '23', '24'] }],
  },
  {
    name: 'Kain Pelikat Cotton',
    description: `Soft cotton kain pelikat, pre-sewn, 2 m. Colours vary slightly from the photos. ${SHIPS_PENANG}`,
    price: 35,
    stock: 150,
    emoji: '🧵',
  },
  {
    name: 'Hand-drawn Batik Silk Scarf',
    description: `Batik tulis (hand-drawn) on pure silk, 180 x 50 cm. Each piece is unique. ${SHIPS_PENANG}`,
    price: 89,
    stock: 16,
    emoji: '🧣',
  },
  {
    name: 'Baju Melayu Teluk Belanga',
    description: `Baju melayu with teluk belanga collar in cotton-linen, comes with matching pants. ${SHIPS_PENANG}`,
    price: 199,
    stock: 38,
    emoji: '🥻',
    variations: [{ name: 'Size', options: ['S', 'M', 'L', 'XL'] }],
    priceStep: 10,
  },
  {
    name: 'Batik Canvas Tote Bag',
    description: `Canvas tote with a batik panel, inner zip pocket, 40 x 35 cm. ${SHIPS_PENANG}`,
    price: 39.9,
    stock: 70,
    emoji: '👜',
  },
  {
    name: "Girls' Batik Dress",
    description: `Cotton batik dress for girls, elastic back, twirls beautifully. ${SHIPS_PENANG}`,
    price: 59.9,
    stock: 52,
    emoji: '👧',
    variations: [{ name: 'Age', options: ['2-3Y', '4-5Y', '6-7Y'] }],
  },
  {
    name: 'Sampin Songket',
    description: `Machine-woven songket sampin with gold thread, ready to wear with baju melayu. ${SHIPS_PENANG}`,
    price: 249,
    stock: 11,
    emoji: '✨',
  },
  {
    name: 'Batik Sarong Wrap',
    description: `Lightweight rayon sarong, 2 m, doubles as a beach wrap. ${SHIPS_PENANG}`,
    price: 49.9,
    stock: 90,
    emoji: '🌺',
  },
  {
    name: 'Batik Table Runner 180cm',
    description: `Cotton table runner for Raya open houses, 180 x 35 cm. ${SHIPS_PENANG}`,
    price: 55,
    stock: 30,
    emoji: '🍽️',
  },
  {
    name: 'Capal Leather Sandal',
    description: `Traditional capal in genuine cow leather, handmade in Kelantan. ${SHIPS_PENANG}`,
    price: 85,
    stock: 26,
    emoji: '🩴',
    variations: [{ name: 'Size', options: ['39', '40', '41', '42', '43', '44'] }],
  },
  {
    name: 'Batik Face Mask (3 pcs)',
    description: 'Old stock, no longer sold.',
    price: 15.9,
    stock: 0,
    emoji: '😷',
    unlisted: true,
  },
];

export const dapurCatalogue: ProductSeed[] = [
  {
    name: 'Sambal Garing Bilis 200g',
    description: `Crispy anchovy sambal cooked in small batches. Halal (JAKIM). Keeps 3 months unopened; refrigerate after opening. ${SHIPS_KL}`,
    price: 18.9,
    stock: 180,
    emoji: '🌶️',
    brand: 'Mak Teh',
    variations: [{ name: 'Level', options: ['Mild', 'Pedas', 'Extra Pedas'] }],
  },
  {
    name: 'Rendang Paste 250g',
    description: `Ready paste for 1 kg of beef or chicken rendang. Halal, no MSG. ${SHIPS_KL}`,
    price: 12.9,
    stock: 220,
    emoji: '🍛',
    brand: 'Mak Teh',
  },
  {
    name: 'Kuih Bahulu (30 pcs)',
    description: `Freshly baked bahulu, best within 14 days. Packed in an airtight tin. ${SHIPS_KL}`,
    price: 15,
    stock: 90,
    emoji: '🧁',
  },
  {
    name: 'Kerepek Pisang Tanduk 250g',
    description: `Thin-sliced plantain chips fried in palm oil, lightly salted. ${SHIPS_KL}`,
    price: 9.9,
    stock: 160,
    emoji: '🍌',
  },
  {
    name: 'Ipoh White Coffee 3-in-1 (15 sachets)',
    description: `Classic Ipoh white coffee with creamer and sugar. ${SHIPS_KL}`,
    price: 16.5,
    stock: 300,
    emoji: '☕',
  },
  {
    name: 'Teh Tarik Premix (20 sachets)',
    description: `Strong BOH-style tea with condensed milk flavour, just add hot water. ${SHIPS_KL}`,
    price: 14.9,
    stock: 260,
    emoji: '🍵',
  },
  {
    name: 'Gula Melaka Asli 500g',
    description: `Pure coconut palm sugar from Melaka, no cane sugar added. ${SHIPS_KL}`,
    price: 11,
    stock: 140,
    emoji: '🍯',
  },
  {
    name: 'Cast Iron Kuali 32cm',
    description: `Pre-seasoned cast iron wok for gas and induction. Dry and oil after washing. ${SHIPS_KL}`,
    price: 89,
    originalPrice: 109,
    stock: 22,
    emoji: '🍳',
  },
  {
    name: 'Granite Batu Lesung',
    description: `Mortar and pestle in natural granite for sambal and rempah. ${SHIPS_KL}`,
    price: 65,
    stock: 19,
    emoji: '🪨',
    variations: [{ name: 'Size', options: ['15cm', '20cm'] }],
    priceStep: 20,
  },
  {
    name: 'Stainless Steel Tiffin Carrier (3 tier)',
    description: `Food-grade 304 stainless steel mangkuk tingkat, 14 cm. ${SHIPS_KL}`,
    price: 42,
    stock: 55,
    emoji: '🍱',
  },
  {
    name: 'Serunding Daging 200g',
    description: `Spicy beef floss, slow-cooked with kerisik. Halal. ${SHIPS_KL}`,
    price: 22.9,
    stock: 75,
    emoji: '🥩',
  },
  {
    name: 'Dodol Durian 500g',
    description: `Musang King durian dodol from Raub. Contains real durian. ${SHIPS_KL}`,
    price: 19.9,
    stock: 60,
    emoji: '🍈',
  },
  {
    name: 'Pandan Extract 100ml',
    description: `Natural pandan extract for kuih and cakes, no colouring. ${SHIPS_KL}`,
    price: 6.5,
    stock: 190,
    emoji: '🌿',
  },
  {
    name: 'Belacan Pulau Pinang 250g',
    description: `Sun-dried shrimp paste from Penang, vacuum packed. ${SHIPS_KL}`,
    price: 8.9,
    stock: 130,
    emoji: '🦐',
  },
  {
    name: 'Kuih Raya Assortment (4 jars)',
    description: `Tart nenas, semperit, cornflakes madu and kuih makmur. Pre-order, ships 10 days before Raya. ${SHIPS_KL}`,
    price: 79,
    stock: 40,
    emoji: '🍪',
  },
];
