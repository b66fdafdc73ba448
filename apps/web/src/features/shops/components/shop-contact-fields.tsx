import { TextField, type TextFieldProps } from '@mui/material';
import type { ContactField } from './shop-form-schemas.ts';

const inputs: { name: ContactField; label: string; type?: string; autoComplete: string }[] = [
  { name: 'name', label: 'Shop name', autoComplete: 'organization' },
  { name: 'person_name', label: 'Contact person', autoComplete: 'name' },
  { name: 'person_email', label: 'Contact email', type: 'email', autoComplete: 'email' },
  { name: 'person_phone', label: 'Contact number', type: 'tel', autoComplete: 'tel' },
];

/** The four contact inputs of the registration and shop-update forms; `field` binds each to its form. */
export function ShopContactFields({ field }: { field: (name: ContactField) => TextFieldProps }) {
  return inputs.map(({ name, ...input }) => <TextField key={name} {...input} {...field(name)} />);
}
