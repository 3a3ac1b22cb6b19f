/*
 * owlet_count: a QEMU TCG plugin that counts executed guest instructions
 * exactly, and the instructions between pairs of marker instructions.
 *
 * The marker is Thumb's SEV (0xBF40), a hint that QEMU executes as a no-op
 * and that compilers never emit on their own. The device binaries execute
 * one SEV just before they hand a command line to the GTP engine and one
 * just after its answer is written to the buffer; the plugin writes one
 * line per such span:
 *
 *   span <k> <instructions executed from the first SEV to the second>
 *
 * and, when QEMU exits, `total <all instructions executed>`. The k-th span
 * is the k-th command line the device received (comments and blank lines
 * included: the engine sees them too), so scripts/qemu-count can name it.
 *
 * Arguments (-plugin libowlet_count.so,out=FILE,profile=FILE):
 *   out=FILE      the spans and the total go there (default: QEMU's log,
 *                 i.e. `-d plugin`)
 *   profile=FILE  also count each instruction address below 1 MiB (the
 *                 flash of the boards modelled) and write `ADDRESS COUNT`
 *                 lines (hex, decimal) there at exit, for the whole run
 *                 (the idle loop polling the UART included)
 *
 * Counting is inline (a counter add compiled into each translated
 * instruction), so the count is exact, not sampled. Single vCPU only
 * (lm3s6965evb has one).
 *
 * Written for owlet against QEMU 7.x's plugin API (version 1), declared in
 * qemu_plugin_api.h beside this file: Debian bookworm's QEMU 7.2 ships no
 * <qemu-plugin.h>, and later QEMUs changed some of these calls (build
 * against their own header, with API version 2 or later, there).
 */
#include <inttypes.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qemu_plugin_api.h"

QEMU_PLUGIN_EXPORT int qemu_plugin_version = QEMU_PLUGIN_VERSION;

static uint64_t executed;   /* all instructions so far (inline adds) */
static uint64_t span_start; /* `executed` at the open span's first SEV */
static bool in_span;
static uint64_t spans;
static FILE *out;

/* Per-address counts (one per halfword below PROFILE_LIMIT), or NULL. */
#define PROFILE_LIMIT 0x100000u
static uint64_t *profile;
static FILE *profile_out;

static void emit(const char *line)
{
    if (out) {
        fputs(line, out);
        fflush(out);
    } else {
        qemu_plugin_outs(line);
    }
}

static void on_marker(unsigned int vcpu_index, void *udata)
{
    (void)vcpu_index;
    (void)udata;
    /* The SEV's own inline add has run (inline ops are emitted first), so
       a span counts from the instruction after the first SEV up to and
       including the second. */
    if (!in_span) {
        span_start = executed;
        in_span = true;
        return;
    }
    in_span = false;
    spans++;
    char line[64];
    snprintf(line, sizeof line, "span %" PRIu64 " %" PRIu64 "\n", spans, executed - span_start);
    emit(line);
}

static bool is_marker(const struct qemu_plugin_insn *insn)
{
    if (qemu_plugin_insn_size(insn) != 2) {
        return false;
    }
    const uint8_t *bytes = qemu_plugin_insn_data(insn);
    return bytes[0] == 0x40 && bytes[1] == 0xBF; /* SEV, little-endian */
}

static void on_translate(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
    (void)id;
    size_t n = qemu_plugin_tb_n_insns(tb);
    for (size_t i = 0; i < n; i++) {
        struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn(tb, i);
        qemu_plugin_register_vcpu_insn_exec_inline(insn, QEMU_PLUGIN_INLINE_ADD_U64, &executed, 1);
        uint64_t vaddr = qemu_plugin_insn_vaddr(insn);
        if (profile && vaddr < PROFILE_LIMIT) {
            qemu_plugin_register_vcpu_insn_exec_inline(insn, QEMU_PLUGIN_INLINE_ADD_U64,
                                                       &profile[vaddr >> 1], 1);
        }
        if (is_marker(insn)) {
            qemu_plugin_register_vcpu_insn_exec_cb(insn, on_marker, QEMU_PLUGIN_CB_NO_REGS, NULL);
        }
    }
}

static void at_qemu_exit(qemu_plugin_id_t id, void *udata)
{
    (void)id;
    (void)udata;
    char line[64];
    snprintf(line, sizeof line, "total %" PRIu64 "\n", executed);
    emit(line);
    if (out) {
        fclose(out);
        out = NULL;
    }
    if (profile && profile_out) {
        for (uint64_t i = 0; i < PROFILE_LIMIT / 2; i++) {
            if (profile[i]) {
                fprintf(profile_out, "%08" PRIx64 " %" PRIu64 "\n", i << 1, profile[i]);
            }
        }
        fclose(profile_out);
        profile_out = NULL;
    }
}

QEMU_PLUGIN_EXPORT int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info, int argc,
                                           char **argv)
{
    (void)info;
    for (int i = 0; i < argc; i++) {
        if (strncmp(argv[i], "out=", 4) == 0) {
            out = fopen(argv[i] + 4, "w");
            if (!out) {
                fprintf(stderr, "owlet_count: cannot write %s\n", argv[i] + 4);
                return -1;
            }
        } else if (strncmp(argv[i], "profile=", 8) == 0) {
            profile_out = fopen(argv[i] + 8, "w");
            profile = calloc(PROFILE_LIMIT / 2, sizeof *profile);
            if (!profile_out || !profile) {
                fprintf(stderr, "owlet_count: cannot profile to %s\n", argv[i] + 8);
                return -1;
            }
        } else {
            fprintf(stderr, "owlet_count: unknown argument %s (out=FILE, profile=FILE)\n", argv[i]);
            return -1;
        }
    }
    qemu_plugin_register_vcpu_tb_trans_cb(id, on_translate);
    qemu_plugin_register_atexit_cb(id, at_qemu_exit, NULL);
    return 0;
}
