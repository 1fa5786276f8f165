/**
 * Given names known to be spellings or familiar forms of one name, in the compared form (`nameTokens`): the
 * transliterations lists and passports vary (Arabic, Russian) and the English familiar forms. A pair of one group
 * matches as a known variant, however many letters apart (`Mohamed`/`Muhammad`, `Sean`/`Shawn`, `William`/`Bill`).
 * Given names only: a family name has no familiar form, and its spellings are left to the phonetic key.
 */
const GROUPS: readonly string[] = [
  // Arabic
  'mohamed muhammad mohammed mohamad muhammed mohammad mohamud mehmet',
  'ahmed ahmad ahmet',
  'hassan hasan',
  'hussein husain hussain husayn hussien',
  'omar umar',
  'osama usama usamah',
  'khalid khaled',
  'abdullah abdallah abdulla',
  'ibrahim ebrahim ibraheem',
  'youssef yousef yusef yusuf youssouf yousif',
  'mustafa mostafa moustafa mustapha',
  'saeed said sayed sayeed saied',
  'tariq tarek tarik tareq',
  'faisal faysal feisal',
  'nasser nasir naser',
  'walid waleed',
  'karim kareem',
  'hamza hamzah',
  // Russian and other Slavic
  'aleksandr alexander aleksander alexandr oleksandr aliaksandr',
  'aleksei alexei alexey aleksey oleksiy aliaksei',
  'yevgeny evgeny evgeniy yevgeniy evgenii',
  'dmitry dmitri dmitriy dmytro',
  'sergei sergey serhiy',
  'yuri yury iouri yuriy',
  'andrei andrey andriy',
  'nikolai nikolay mykola',
  'mikhail mikhael',
  'georgy georgiy georgi',
  'gennady gennadiy gennadi',
  'arkady arkadiy arkadi',
  'vasily vasiliy vasili',
  'grigory grigoriy grigori',
  // Spanish and Portuguese
  'jose josep',
  // English, with familiar forms
  'sean shawn shaun',
  'catherine katherine kathryn katharine kate cathy',
  'elizabeth elisabeth liz beth betty',
  'margaret peggy maggie',
  'william bill billy will',
  'robert bob bobby rob',
  'james jim jimmy',
  'michael mike mick',
  'david dave',
  'thomas tom tommy',
  'patrick pat paddy',
  'steven stephen steve',
  'john jon jack',
  'sarah sara sally',
  'rachel rachael',
  'emily emilie',
];

const GROUP_OF = new Map<string, number>();
GROUPS.forEach((group, index) => {
  for (const name of group.split(' ')) GROUP_OF.set(name, index);
});

/** Whether two different words are known forms of one given name. */
export const areKnownVariants = (one: string, other: string): boolean => {
  const group = GROUP_OF.get(one);
  return group !== undefined && group === GROUP_OF.get(other);
};
