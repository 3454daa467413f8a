// access-plugin.cpp -- the Oclgrind plugin behind `make see`: it watches every
// load, store and conditional branch of every work-item and writes, per
// kernel launch, what a GPU's warps would have made of them (tools/see/see.py
// turns that into the report and the pictures).
//
// The model (the same numbers the report prints):
//   warp      32 consecutive work-items of a group by linear local id; lane
//             i's k-th execution of an instruction since the group's last
//             barrier meets the other lanes' k-th execution of it in the same
//             barrier phase (a loop's iteration k, a line's k-th visit).
//   global    the 128-byte segments the warp's accesses touch, against the
//             distinct bytes they ask for.
//   local     32 banks of 4 bytes: ways = the most distinct words that fall
//             in one bank (the same word is a broadcast, not a conflict).
//   branch    a conditional branch the warp reaches with R lanes and sends
//             both ways costs 2 passes of 32 lanes: active = R / (32 * sides).
//   phase     barriers passed by the work-group so far.
// C++ only because Oclgrind's plugin interface is C++; the arithmetic on the
// records is all here, the presentation is in see.py.
//
// Output: the file named by $SEE_OUT (one record a line, fields by spaces):
//   K kernel launch global_size local_size groups
//   M kernel launch line col space op warps segments bytes ways ways_max ideal bad
//     (sums over the warps but ways_max; ideal: the fewest segments, or bank
//     passes, the distinct bytes or words need)
//   B kernel launch line col warps lanes_reached lane_slots divergent
//   P kernel launch line barriers_passed_by_groups
//   S kernel line text   the source of each line above (first launch only)
//   N kernel launch line col space op pairs adjacent
//     global accesses only: pairs of work-items side by side in a row of
//     the group (local x and x + 1, the same y and z) whose k-th execution
//     of the line the warp meets together, and how many of those pairs ask
//     for adjacent addresses (x + 1's right after x's): the mapping of
//     work-items to elements that segments alone cannot tell on small tiles
//   A kernel buffer space words work_items cols rows x y read write bad
//     the pictures, for a kernel's first launch only: a buffer's 4-byte words
//     (across) against the work-items (down) in at most 64 x 64 cells; read
//     and write: the last barrier phase that read or wrote the cell (-1:
//     none); bad: a warp there touched more than twice the segments its
//     bytes need, or met a bank conflict
//
// Build: g++ -shared -fPIC -fno-rtti (liboclgrind has no RTTI) ... -loclgrind
// -DSEE_BROKEN_lanes (every access a warp of its own) and -DSEE_BROKEN_phases
// (lanes met by k-th execution alone, across barriers) build the broken
// variants that tests/88-see.sh must catch.
#include <oclgrind/Context.h>
#include <oclgrind/Kernel.h>
#include <oclgrind/KernelInvocation.h>
#include <oclgrind/Memory.h>
#include <oclgrind/Plugin.h>
#include <oclgrind/Program.h>
#include <oclgrind/WorkGroup.h>
#include <oclgrind/WorkItem.h>

#include <llvm/IR/DebugLoc.h>
#include <llvm/IR/Instructions.h>

#include <algorithm>
#include <cstdio>
#include <map>
#include <set>
#include <string>
#include <tuple>
#include <vector>

using namespace oclgrind;

namespace {
struct Access {
  unsigned phase;
  size_t address, size; // a branch: size = 1 if taken
  size_t workItem;
  unsigned lane; // linear local id
};
// (instruction, phase, warp, k-th execution, space, op): one warp's one access
typedef std::tuple<const llvm::Instruction *, unsigned, unsigned, unsigned, unsigned, int> Key;
enum Op { LOAD, STORE, ATOMIC, BRANCH };
const char *opName[] = {"load", "store", "atomic", "branch"};
const char *spaceName[] = {"private", "global", "constant", "local"};
#ifdef SEE_BROKEN_lanes
const unsigned WARP = 1; // the broken variant: every access a warp of its own
#else
const unsigned WARP = 32;
#endif

struct Stat {
  size_t warps = 0, segments = 0, bytes = 0, ways = 0, waysMax = 0, ideal = 0, bad = 0, reached = 0,
         slots = 0, pairs = 0, adjacent = 0;
};

class AccessPlugin : public Plugin {
public:
  AccessPlugin(const Context *context) : Plugin(context) {
    const char *path = getenv("SEE_OUT");
    out = fopen(path ? path : "see.out", "w");
  }
  ~AccessPlugin() override {
    if (out) fclose(out);
  }
  bool isThreadSafe() const override { return false; } // one worker thread

  void kernelBegin(const KernelInvocation *inv) override {
    kernel = inv->getKernel();
    name = kernel->getName();
    launch = launches[name]++;
    global = inv->getGlobalSize();
    offset = inv->getGlobalOffset();
    local = inv->getLocalSize();
    grids.clear();
    stats.clear();
    barriers.clear();
    buffers.clear();
    // Global buffers are named after the kernel argument that holds them.
    const Memory *memory = m_context->getGlobalMemory();
    for (auto v = kernel->values_begin(); v != kernel->values_end(); v++) {
      const llvm::Type *type = v->first->getType();
      unsigned space = type->isPointerTy() ? type->getPointerAddressSpace() : 0;
      if ((space == AddrSpaceGlobal || space == AddrSpaceConstant) &&
          v->second.size == sizeof(size_t) && v->second.getPointer())
        buffers[{AddrSpaceGlobal, memory->extractBuffer(v->second.getPointer())}] =
            v->first->getName().str();
    }
    if (out)
      fprintf(out, "K %s %u %zu %zu %zu\n", name.c_str(), launch, global.x * global.y * global.z,
              local.x * local.y * local.z,
              inv->getNumGroups().x * inv->getNumGroups().y * inv->getNumGroups().z);
  }

  void workGroupBegin(const WorkGroup *group) override {
    phase = 0;
    records.clear();
    executions.clear();
    // Local buffers: __local arrays and __local arguments, by name.
    for (auto v = kernel->values_begin(); v != kernel->values_end(); v++) {
      const llvm::Type *type = v->first->getType();
      if (!type->isPointerTy() || type->getPointerAddressSpace() != AddrSpaceLocal) continue;
      std::string n = v->first->getName().str();
      if (n.rfind(name + ".", 0) == 0) n = n.substr(name.size() + 1); // kernel.tile -> tile
      buffers[{AddrSpaceLocal,
               group->getLocalMemory()->extractBuffer(group->getLocalMemoryAddress(v->first))}] = n;
    }
  }

  void workGroupBarrier(const WorkGroup *group, uint32_t) override {
#ifndef SEE_BROKEN_phases
    phase++;
    executions.clear(); // counting starts again in the new phase
#endif
    const llvm::Instruction *at = group->getCurrentBarrier();
    barriers[at]++;
  }

  void memoryLoad(const Memory *m, const WorkItem *w, size_t a, size_t s) override {
    record(m, w, a, s, LOAD);
  }
  void memoryStore(const Memory *m, const WorkItem *w, size_t a, size_t s,
                   const uint8_t *) override {
    record(m, w, a, s, STORE);
  }
  void memoryAtomicLoad(const Memory *m, const WorkItem *w, AtomicOp, size_t a, size_t s) override {
    record(m, w, a, s, ATOMIC);
  }

  void instructionExecuted(const WorkItem *w, const llvm::Instruction *inst,
                           const TypedValue &) override {
    bool branch = false, taken = false;
    if (const llvm::BranchInst *br = llvm::dyn_cast<llvm::BranchInst>(inst)) {
      if (!br->isConditional()) return;
      branch = true;
      taken = w->getOperand(br->getCondition()).getUInt() != 0;
    } else if (!inst->mayReadOrWriteMemory())
      return;
    std::vector<unsigned> &count = executions[inst];
    unsigned lane = linearLocal(w);
    if (count.size() <= lane) count.resize(lane + 1);
    if (branch)
      records[key(inst, lane, count[lane], AddrSpacePrivate, BRANCH)].push_back(
          {phase, 0, taken, workItemOf(w), lane});
    count[lane]++;
  }

  void workGroupComplete(const WorkGroup *group) override {
    size_t size = group->getGroupSize().x * group->getGroupSize().y * group->getGroupSize().z;
    for (auto &r : records) {
      const llvm::Instruction *inst = std::get<0>(r.first);
      unsigned warp = std::get<2>(r.first), space = std::get<4>(r.first);
      int op = std::get<5>(r.first);
      std::vector<Access> &acc = r.second;
      Stat &st = stats[{inst, space, op}];
      st.warps++;
      size_t width = std::min<size_t>(WARP, size - WARP * (size_t)warp);
      bool bad = false;
      if (op == BRANCH) {
        size_t yes = 0;
        for (const Access &a : acc) yes += a.size;
        size_t sides = (yes > 0) + (yes < acc.size());
        st.reached += acc.size();
        st.slots += width * sides;
        bad = sides > 1;
      } else if (space == AddrSpaceGlobal || space == AddrSpaceConstant) {
        std::vector<std::pair<size_t, size_t>> spans;
        std::vector<size_t> segs;
        for (const Access &a : acc) {
          spans.push_back({a.address, a.address + a.size});
          for (size_t s = a.address / 128; s <= (a.address + a.size - 1) / 128; s++)
            segs.push_back(s);
        }
        std::sort(segs.begin(), segs.end());
        size_t nsegs = std::unique(segs.begin(), segs.end()) - segs.begin();
        std::sort(spans.begin(), spans.end());
        size_t bytes = 0, end = 0;
        for (auto &s : spans) { // distinct bytes: the union of the spans
          size_t from = std::max(s.first, end);
          if (s.second > from) bytes += s.second - from;
          end = std::max(end, s.second);
        }
        st.segments += nsegs;
        st.bytes += bytes;
        st.ideal += (bytes + 127) / 128;
        bad = nsegs > 2 * ((bytes + 127) / 128); // over half of it wasted
        // neighbours in a row of the group: lane and lane + 1, same y and z
        size_t across = group->getGroupSize().x;
        std::vector<const Access *> byLane;
        for (const Access &a : acc) byLane.push_back(&a);
        std::sort(byLane.begin(), byLane.end(),
                  [](const Access *p, const Access *q) { return p->lane < q->lane; });
        for (size_t n = 1; n < byLane.size(); n++) {
          const Access *p = byLane[n - 1], *q = byLane[n];
          if (q->lane != p->lane + 1 || p->lane % across == across - 1) continue;
          st.pairs++;
          st.adjacent += q->size == p->size && q->address == p->address + p->size;
        }
      } else { // local: distinct 4-byte words per bank
        std::vector<size_t> words;
        for (const Access &a : acc)
          for (size_t w = a.address / 4; w <= (a.address + a.size - 1) / 4; w++) words.push_back(w);
        std::sort(words.begin(), words.end());
        words.erase(std::unique(words.begin(), words.end()), words.end());
        unsigned banks[32] = {0}, ways = 0;
        for (size_t w : words) ways = std::max(ways, ++banks[w % 32]);
        st.ways += ways;
        st.waysMax = std::max<size_t>(st.waysMax, ways);
        st.ideal += (words.size() + 31) / 32;
        bad = ways > (words.size() + 31) / 32;
      }
      st.bad += bad;
      if (launch == 0 && op != BRANCH)
        for (const Access &a : acc) draw(group, space, op, a, bad);
    }
    records.clear();
  }

  void kernelEnd(const KernelInvocation *) override {
    if (!out) return;
    for (auto &s : stats) {
      const llvm::Instruction *inst = std::get<0>(s.first);
      unsigned space = std::get<1>(s.first);
      int op = std::get<2>(s.first);
      const Stat &st = s.second;
      const llvm::DebugLoc &loc = inst->getDebugLoc();
      unsigned line = loc ? loc.getLine() : 0, col = loc ? loc.getCol() : 0;
      if (op == BRANCH)
        fprintf(out, "B %s %u %u %u %zu %zu %zu %zu\n", name.c_str(), launch, line, col, st.warps,
                st.reached, st.slots, st.bad);
      else
        fprintf(out, "M %s %u %u %u %s %s %zu %zu %zu %zu %zu %zu %zu\n", name.c_str(), launch,
                line, col, spaceName[space], opName[op], st.warps, st.segments, st.bytes, st.ways,
                st.waysMax, st.ideal, st.bad);
      if (op != BRANCH && st.pairs)
        fprintf(out, "N %s %u %u %u %s %s %zu %zu\n", name.c_str(), launch, line, col,
                spaceName[space], opName[op], st.pairs, st.adjacent);
    }
    for (auto &g : grids)
      for (auto &c : g.second.cells)
        fprintf(out, "A %s %s %s %zu %zu %zu %zu %zu %zu %d %d %d\n", name.c_str(),
                g.second.name.c_str(), spaceName[g.second.space], g.second.words, items(),
                g.second.cols, g.second.rows, c.first.first, c.first.second, c.second.read,
                c.second.write, c.second.bad);
    std::set<unsigned> lines;
    for (auto &s : stats)
      if (const llvm::DebugLoc &loc = std::get<0>(s.first)->getDebugLoc())
        lines.insert(loc.getLine());
    for (auto &b : barriers) {
      const llvm::DebugLoc &loc = b.first ? b.first->getDebugLoc() : llvm::DebugLoc();
      fprintf(out, "P %s %u %u %zu\n", name.c_str(), launch, loc ? loc.getLine() : 0, b.second);
      if (loc) lines.insert(loc.getLine());
    }
    // A source that starts with #line 1 (the grader's) is one line longer.
    const Program *program = kernel->getProgram();
    unsigned skip = program->getSource().rfind("#line 1 ", 0) == 0;
    for (unsigned line : lines) {
      const char *text = program->getSourceLine(line + skip);
      while (text && (*text == ' ' || *text == '\t')) text++;
      if (launch == 0 && text) fprintf(out, "S %s %u %s\n", name.c_str(), line, text);
    }
    fflush(out);
  }

private:
  FILE *out;
  const Kernel *kernel = NULL;
  std::string name;
  unsigned launch = 0, phase = 0;
  Size3 global, local, offset;
  std::map<std::string, unsigned> launches;
  std::map<std::pair<unsigned, size_t>, std::string> buffers;
  std::map<Key, std::vector<Access>> records;
  std::map<const llvm::Instruction *, std::vector<unsigned>> executions;
  std::map<std::tuple<const llvm::Instruction *, unsigned, int>, Stat> stats;
  std::map<const llvm::Instruction *, size_t> barriers;
  struct Cell {
    int read = -1, write = -1, bad = 0;
  };
  struct Grid {
    std::string name;
    unsigned space = 0;
    size_t words = 0, cols = 0, rows = 0;
    std::map<std::pair<size_t, size_t>, Cell> cells;
  };
  std::map<std::pair<unsigned, size_t>, Grid> grids;

  size_t items() const { return global.x * global.y * global.z; }

  // One access into its buffer's picture.
  void draw(const WorkGroup *group, unsigned space, int op, const Access &a, bool bad) {
    bool local = space == AddrSpaceLocal;
    const Memory *m = local ? group->getLocalMemory() : m_context->getGlobalMemory();
    std::pair<unsigned, size_t> id = {local ? AddrSpaceLocal : AddrSpaceGlobal,
                                      m->extractBuffer(a.address)};
    Grid &g = grids[id];
    if (!g.cols) {
      auto b = buffers.find(id);
      g.name = b == buffers.end() ? "unnamed" : b->second;
      g.space = space;
      g.words = std::max<size_t>(1, (m->getBuffer(a.address)->size + 3) / 4);
      g.cols = std::min<size_t>(64, g.words);
      g.rows = std::min<size_t>(64, items());
    }
    size_t y = a.workItem * g.rows / items(), off = m->extractOffset(a.address);
    for (size_t w = off / 4; w <= (off + a.size - 1) / 4 && w < g.words; w++) {
      Cell &c = g.cells[{w * g.cols / g.words, y}];
      int &p = op == LOAD ? c.read : c.write;
      p = std::max(p, (int)a.phase);
      c.bad |= bad;
    }
  }

  static unsigned linearLocal(const WorkItem *w) {
    Size3 id = w->getLocalID(), size = w->getWorkGroup()->getGroupSize();
    return id.x + size.x * (id.y + size.y * id.z);
  }
  size_t workItemOf(const WorkItem *w) const {
    Size3 id = w->getGlobalID(); // from 0, whatever the global offset
    return id.x - offset.x + global.x * (id.y - offset.y + global.y * (id.z - offset.z));
  }
  Key key(const llvm::Instruction *i, unsigned lane, unsigned k, unsigned sp, int op) {
    return Key(i, phase, lane / WARP, k, sp, op);
  }

  void record(const Memory *m, const WorkItem *w, size_t address, size_t size, int op) {
    unsigned space = m->getAddressSpace();
    if (!w || space == AddrSpacePrivate || size == 0) return;
    const llvm::Instruction *inst = w->getCurrentInstruction();
    std::vector<unsigned> &count = executions[inst];
    unsigned lane = linearLocal(w);
    if (count.size() <= lane) count.resize(lane + 1);
    records[key(inst, lane, count[lane], space, op)].push_back(
        {phase, address, size, workItemOf(w), lane});
  }
};
} // namespace

static AccessPlugin *plugin;

extern "C" void initializePlugins(Context *context) {
  plugin = new AccessPlugin(context);
  context->registerPlugin(plugin);
}

extern "C" void releasePlugins(Context *context) {
  context->unregisterPlugin(plugin); // Oclgrind deletes only its own plugins
  delete plugin;
}
