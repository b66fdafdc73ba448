// Malaysian public holidays: the default holiday list a shop's business hours start from (the merchant
// edits it). Sources:
// - 2026: the federal list announced by the Prime Minister's Department (Bahagian Kabinet,
//   Perlembagaan dan Perhubungan Antara Kerajaan, JPM), as tabulated on officeholidays.com
//   (https://www.officeholidays.com/countries/malaysia, read November 2026) and
//   publicholidays.com.my; replacement days ("in lieu") are those of the states with a
//   Saturday-Sunday weekend (a holiday on a Sunday moves to the Monday).
// - 2027: Hari Raya Aidilfitri (10-11 March) from publicholidays.com.my's 2027 table; the other
//   lunar and Hijri dates are the expected dates, marked `provisional`: JPM confirms them
//   (Hijri dates after the moon sighting), so the merchant should check them against the gazette.
// `states` names a holiday kept only in some states; such holidays are optional (not in the default).

export interface PublicHoliday {
  /** YYYY-MM-DD, the day in Malaysia. */
  date: string;
  name: string;
  /** Only some states keep it: not in the default list. */
  states?: string;
  /** The expected date, to be confirmed by the government's announcement. */
  provisional?: boolean;
}

export const malaysianPublicHolidays: readonly PublicHoliday[] = [
  // 2026 (federal)
  { date: '2026-02-17', name: 'Chinese New Year' },
  { date: '2026-02-18', name: 'Chinese New Year (second day)' },
  { date: '2026-03-21', name: 'Hari Raya Aidilfitri' },
  { date: '2026-03-22', name: 'Hari Raya Aidilfitri (second day)' },
  { date: '2026-03-23', name: 'Hari Raya Aidilfitri (in lieu)' },
  { date: '2026-05-01', name: 'Labour Day' },
  { date: '2026-05-27', name: 'Hari Raya Haji' },
  { date: '2026-05-31', name: 'Wesak Day' },
  { date: '2026-06-01', name: 'Birthday of the Yang di-Pertuan Agong' },
  { date: '2026-06-02', name: 'Wesak Day (in lieu)' },
  { date: '2026-06-17', name: 'Awal Muharram' },
  { date: '2026-08-25', name: 'Maulidur Rasul' },
  { date: '2026-08-31', name: 'National Day' },
  { date: '2026-09-16', name: 'Malaysia Day' },
  { date: '2026-11-08', name: 'Deepavali' },
  { date: '2026-11-09', name: 'Deepavali (in lieu)' },
  { date: '2026-12-25', name: 'Christmas Day' },
  // 2026, some states only
  {
    date: '2026-01-01',
    name: 'New Year’s Day',
    states: 'most states (not Johor, Kedah, Kelantan, Perlis, Terengganu)',
  },
  {
    date: '2026-02-01',
    name: 'Thaipusam',
    states: 'KL, Putrajaya, Johor, Negeri Sembilan, Perak, Penang, Selangor',
  },
  { date: '2026-02-01', name: 'Federal Territory Day', states: 'Kuala Lumpur, Labuan, Putrajaya' },
  { date: '2026-03-07', name: 'Nuzul Al-Quran', states: 'most states' },
  { date: '2026-06-01', name: 'Gawai Dayak', states: 'Sarawak' },
  { date: '2026-05-30', name: 'Pesta Kaamatan', states: 'Sabah, Labuan' },
  // 2027 (federal)
  { date: '2027-02-06', name: 'Chinese New Year', provisional: true },
  { date: '2027-02-07', name: 'Chinese New Year (second day)', provisional: true },
  { date: '2027-02-08', name: 'Chinese New Year (in lieu)', provisional: true },
  { date: '2027-03-10', name: 'Hari Raya Aidilfitri' },
  { date: '2027-03-11', name: 'Hari Raya Aidilfitri (second day)' },
  { date: '2027-05-01', name: 'Labour Day' },
  { date: '2027-05-17', name: 'Hari Raya Haji', provisional: true },
  { date: '2027-05-20', name: 'Wesak Day', provisional: true },
  { date: '2027-06-07', name: 'Birthday of the Yang di-Pertuan Agong' },
  { date: '2027-06-06', name: 'Awal Muharram', provisional: true },
  { date: '2027-08-15', name: 'Maulidur Rasul', provisional: true },
  { date: '2027-08-16', name: 'Maulidur Rasul (in lieu)', provisional: true },
  { date: '2027-08-31', name: 'National Day' },
  { date: '2027-09-16', name: 'Malaysia Day' },
  { date: '2027-10-28', name: 'Deepavali', provisional: true },
  { date: '2027-12-25', name: 'Christmas Day' },
  // 2027, some states only
  {
    date: '2027-01-01',
    name: 'New Year’s Day',
    states: 'most states (not Johor, Kedah, Kelantan, Perlis, Terengganu)',
  },
  { date: '2027-02-01', name: 'Federal Territory Day', states: 'Kuala Lumpur, Labuan, Putrajaya' },
  { date: '2027-06-01', name: 'Gawai Dayak', states: 'Sarawak' },
  { date: '2027-05-30', name: 'Pesta Kaamatan', states: 'Sabah, Labuan' },
];

/** The default holiday list of a shop's business hours: the national (federal) holidays, sorted. */
export const defaultHolidays = (): { date: string; name: string }[] =>
  malaysianPublicHolidays
    .filter((h) => !h.states)
    .map(({ date, name }) => ({ date, name }))
    .sort((a, b) => a.date.localeCompare(b.date));
