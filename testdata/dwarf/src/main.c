volatile int g_sink;

int calc_run(int n);
int geom_walk(int steps);
int shapes_entry(int n);

int main(void)
{
    int n = g_sink + 5;
    int r = calc_run(n);
    r += geom_walk(n * 2);
    r += shapes_entry(n);
    g_sink = r;
    return r & 0x7f;
}
