int ck_mix(int x);
int ck_exported_entry(int x);
