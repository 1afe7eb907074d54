interface HiddenRadioProps<T extends string> {
  name: string;
  value: T;
  checked: boolean;
  onChoose: (value: T) => void;
}

/** The radio inside an option's label: unseen, the label is what shows the choice. Its test id is `name-value`. */
export function HiddenRadio<T extends string>({ name, value, checked, onChoose }: HiddenRadioProps<T>) {
  return (
    <input
      type="radio"
      name={name}
      value={value}
      checked={checked}
      onChange={() => onChoose(value)}
      data-testid={`${name}-${value}`}
      className="sr-only"
    />
  );
}
